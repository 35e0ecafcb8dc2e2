package io.lanyard.boot.cli;

import io.lanyard.testing.Eventually;
import io.lanyard.testing.JarProcess;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM under steady requests, with a load balancer in miniature in front (a readiness check every 100 ms, no new request
 * once it fails): readiness fails first while the instance goes on serving through {@code http.drainPeriod}, and no request
 * fails.
 */
class DrainIT {

  /** Each login names another unknown address: the same name over and over would be locked out after ten (429). */
  private static final AtomicInteger UNKNOWN_NAMES = new AtomicInteger();

  private final String database = "lanyard_drain_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);

  @AfterEach
  void dropDatabase() {
    TestDb.onServer("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
  }

  @Test
  void sigtermFailsReadinessFirstThenServesThroughTheDrainAndNoRequestFails() throws Exception {
    int port = JarProcess.freePort();
    try (JarProcess jar = JarProcess.start(Map.of("LANYARD_DB_URI", TestDb.uri(database), "LANYARD_HTTP_PORT",
      Integer.toString(port), "LANYARD_HTTP_DRAIN_PERIOD", "3s"))) {
      jar.awaitReady(Duration.ofSeconds(60));
      HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      AtomicBoolean inRotation = new AtomicBoolean(true);
      List<String> failures = Collections.synchronizedList(new ArrayList<>());
      AtomicInteger served = new AtomicInteger();
      List<Thread> clients = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        clients.add(steadyClient(client, port, inRotation, failures, served));
      }
      // in rotation and serving before the signal; how soon the first login is answered depends on the machine's load
      Eventually.until(() -> served.get() > 0, Duration.ofSeconds(30), "logins served before SIGTERM");
      int servedBeforeSigterm = served.get();

      jar.terminate();

      HttpResponse<String> notReady = awaitReadinessFailure(client, port);
      inRotation.set(false);
      for (Thread steady : clients) {
        steady.join(30_000);
      }
      HttpResponse<String> afterReadinessFailed = send(client, port, login(port));

      assertThat(failures).isEmpty();
      assertThat(servedBeforeSigterm).isPositive();
      assertThat(notReady.body()).contains("\"id\":\"api.process.shutting_down\"");
      assertThat(afterReadinessFailed.statusCode()).as("still serving while draining").isEqualTo(401);
      assertThat(afterReadinessFailed.headers().firstValue("connection")).hasValue("close");
      assertThat(jar.awaitExit(Duration.ofSeconds(30))).isZero();
      assertThat(jar.output()).anyMatch(line -> line.contains("readiness fails from now on"));
    }
  }

  /** Sends logins one after another while the instance is in rotation; records every reply that is not the expected 401. */
  private static Thread steadyClient(HttpClient client, int port, AtomicBoolean inRotation, List<String> failures,
                                     AtomicInteger served) {
    Thread steady = new Thread(() -> {
      while (inRotation.get()) {
        try {
          HttpResponse<String> reply = send(client, port, login(port));
          if (reply.statusCode() == 401) {
            served.incrementAndGet();
          } else {
            failures.add(reply.statusCode() + " " + reply.body());
          }
        } catch (Exception e) {
          failures.add(e.toString());
        }
      }
    });
    steady.start();
    return steady;
  }

  /** The load balancer's check, every 100 ms until it fails. */
  private static HttpResponse<String> awaitReadinessFailure(HttpClient client, int port) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      HttpResponse<String> readiness = send(client, port, HttpRequest.newBuilder(uri(port, "/_healthCheck")).GET());
      if (readiness.statusCode() == 503) {
        return readiness;
      }
      assertThat(readiness.statusCode()).isEqualTo(200);
      Thread.sleep(100);
    }
    throw new AssertionError("readiness never failed");
  }

  private static HttpResponse<String> send(HttpClient client, int port, HttpRequest.Builder request) throws Exception {
    return client.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpRequest.Builder login(int port) {
    return HttpRequest.newBuilder(uri(port, "/_login/local")).header("Content-Type", "application/json")
      .POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"nobody" + UNKNOWN_NAMES.incrementAndGet()
        + "@example.com\",\"password\":\"a long password\"}"));
  }

  private static URI uri(int port, String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }
}
