package io.lanyard.testing;

import io.lanyard.boot.Lanyard;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import static io.lanyard.testing.Await.await;

/**
 * A partner system's webhook endpoint: a real HTTP server on loopback that records every request it gets and answers with the
 * status it is told to (200 by default), or not at all ({@link #hang}); {@link #stop} and {@link #start} take it down and bring
 * it back on the same port. Signatures are verified here with the JDK's HMAC, independently of the service's code.
 */
public final class WebhookReceiver implements AutoCloseable {

  /** A request as received, and whether it was answered with a 2xx. */
  public record Received(MultiMap headers, String body, boolean acknowledged) {

    public JsonObject json() {
      return new JsonObject(body);
    }

    public String id() {
      return headers.get("webhook-id");
    }

    public String type() {
      return json().getString("type");
    }

    public JsonObject data() {
      return json().getJsonObject("data");
    }

    /** Whether {@code webhook-signature} is the Standard Webhooks signature of this request with {@code secret}. */
    public boolean signedWith(String secret) {
      String expected = "v1," + hmac(secret, id() + "." + headers.get("webhook-timestamp") + "." + body);
      for (String signature : headers.get("webhook-signature").split(" ")) {
        if (MessageDigest.isEqual(signature.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8))) {
          return true;
        }
      }
      return false;
    }
  }

  private final Vertx vertx = Lanyard.createVertx();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private volatile int status = 200;
  private volatile boolean hang;
  private HttpServer server;
  private int port;

  public WebhookReceiver() {
    start();
  }

  /** Listens (again) on its port, answering as told. */
  public synchronized void start() {
    server = await(vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setReuseAddress(true))
      .requestHandler(request -> request.body().onSuccess(body -> {
        boolean acknowledged = !hang && status >= 200 && status < 300;
        received.add(new Received(MultiMap.caseInsensitiveMultiMap().addAll(request.headers()), body.toString(),
          acknowledged));
        if (!hang) {
          request.response().setStatusCode(status).end();
        }
      }))
      .listen(port));
    port = server.actualPort();
  }

  /** Down: nothing listens on its port (connections are refused). */
  public synchronized void stop() {
    await(server.close());
  }

  public void answer(int statusCode) {
    this.status = statusCode;
  }

  /** Takes requests and never answers them. */
  public void hang(boolean hanging) {
    this.hang = hanging;
  }

  public String url() {
    return "http://127.0.0.1:" + port + "/hooks";
  }

  public List<Received> received() {
    return new ArrayList<>(received);
  }

  /** The requests answered with a 2xx, in the order they came. */
  public List<Received> acknowledged() {
    return received.stream().filter(Received::acknowledged).toList();
  }

  public void clear() {
    received.clear();
  }

  @Override
  public void close() {
    await(vertx.close());
  }

  private static String hmac(String secret, String signed) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
      return Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
