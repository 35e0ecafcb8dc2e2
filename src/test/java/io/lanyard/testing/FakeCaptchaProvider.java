package io.lanyard.testing;

import io.lanyard.boot.Lanyard;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.lanyard.testing.Await.await;

/**
 * A CAPTCHA provider's siteverify endpoint, as Turnstile, hCaptcha and reCAPTCHA share it: a real HTTP server on loopback that
 * records the form of every request ({@code secret}, {@code response}, {@code remoteip}) and answers {@code {"success": …}}
 * as told, or something else ({@link #answerGarbage}), or nothing within {@code millis} ({@link #answerAfter});
 * {@link #stop} and {@link #start} take it down and bring it back on the same port.
 */
public final class FakeCaptchaProvider implements AutoCloseable {

  /** The token this provider accepts (with the right secret); any other is refused. */
  public static final String GOOD_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";
  public static final String SECRET = "0x4AAAAAAA-the-fair's-captcha-secret";

  private final Vertx vertx = Lanyard.createVertx();
  private final List<MultiMap> received = new CopyOnWriteArrayList<>();
  private volatile JsonObject refusal = new JsonObject().put("success", false)
    .put("error-codes", new JsonArray().add("invalid-input-response"));
  private volatile String garbage;
  private volatile long delayMillis;
  private volatile String hostname = "fair.example";
  private HttpServer server;
  private int port;

  public FakeCaptchaProvider() {
    start();
  }

  /** Listens (again) on its port. */
  public synchronized void start() {
    server = await(vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setReuseAddress(true))
      .requestHandler(this::answer)
      .listen(port));
    port = server.actualPort();
  }

  /** Down: nothing listens on its port (connections are refused). */
  public synchronized void stop() {
    await(server.close());
  }

  private void answer(HttpServerRequest request) {
    request.setExpectMultipart(true);
    request.end().onSuccess(ended -> {
      MultiMap form = MultiMap.caseInsensitiveMultiMap().addAll(request.formAttributes());
      received.add(form);
      boolean passed = SECRET.equals(form.get("secret")) && GOOD_TOKEN.equals(form.get("response"));
      String body = garbage != null ? garbage
        : passed ? new JsonObject().put("success", true).put("hostname", hostname).encode() : refusal.encode();
      vertx.setTimer(Math.max(1, delayMillis), timer -> request.response().putHeader("Content-Type", "application/json")
        .end(body));
    });
  }

  /** The URL the service is to post to. */
  public String url() {
    return "http://127.0.0.1:" + port + "/siteverify";
  }

  /** Answers every request with this text, whatever it asks. */
  public void answerGarbage(String text) {
    this.garbage = text;
  }

  /** Answers a token it does not accept with these error codes. */
  public void refuseWith(String... errorCodes) {
    this.refusal = new JsonObject().put("success", false).put("error-codes", new JsonArray(List.of((Object[]) errorCodes)));
  }

  /** Says the answers it accepts were solved on a page of this host. */
  public void solvedOn(String hostname) {
    this.hostname = hostname;
  }

  public void answerAfter(long millis) {
    this.delayMillis = millis;
  }

  /** Answers as a provider does, at once. */
  public void reset() {
    garbage = null;
    delayMillis = 0;
    hostname = "fair.example";
    refuseWith("invalid-input-response");
    received.clear();
  }

  /** The forms received, in order. */
  public List<MultiMap> received() {
    return new ArrayList<>(received);
  }

  @Override
  public void close() {
    await(vertx.close());
  }
}
