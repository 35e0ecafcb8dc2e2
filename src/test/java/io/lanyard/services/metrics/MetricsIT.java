package io.lanyard.services.metrics;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** GET /metrics: Prometheus text with every family issue 7 names, by route template, never by raw path. */
class MetricsIT extends SharedServiceFixture {

  @Test
  void httpServerFamiliesKeepVertxMicrometersNamesAndLabelsUnderLoad() {
    String metrics;
    try (TestApp own = TestApp.start(Map.of())) {
      Accounts.createActive(own, "ann@example.com");
      String jwt = Accounts.login(own, "ann@example.com");
      for (int i = 0; i < 50; i++) {
        own.http().get("/_plugin/Vendor/user/getAllUserTypes", jwt);
        own.http().get("/_me", null);
      }
      metrics = own.http().get("/metrics").text();
    }

    assertThat(count(metrics, "vertx_http_server_requests_total", "code=\"200\"", "method=\"GET\"",
      "route=\"/_plugin/Vendor/user/getAllUserTypes\"")).isEqualTo(50);
    assertThat(count(metrics, "vertx_http_server_requests_total", "code=\"401\"", "method=\"GET\"", "route=\"/_me\""))
      .isEqualTo(50);
    assertThat(count(metrics, "vertx_http_server_response_time_seconds_count", "code=\"401\"", "method=\"GET\"",
      "route=\"/_me\"")).isEqualTo(50);
    assertThat(count(metrics, "vertx_http_server_response_bytes_count", "code=\"401\"", "method=\"GET\"",
      "route=\"/_me\"")).isEqualTo(50);
    assertThat(count(metrics, "vertx_http_server_request_bytes_count", "method=\"GET\"")).isGreaterThanOrEqualTo(100);
    assertThat(metrics).containsPattern("vertx_http_server_active_requests\\{method=\"GET\"}");
    assertThat(metrics).contains("vertx_http_server_active_connections", "vertx_http_server_bytes_read_total",
      "vertx_http_server_bytes_written_total");
  }

  @Test
  void scrapeHasEveryFamily() {
    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");
    Accounts.loginStatus(app, "ann@example.com", "not the password");
    http.get("/_plugin/Vendor/user/getAllUserTypes", jwt);

    String metrics = scrape();

    // HTTP requests by route template, method and status, with a duration histogram
    assertThat(metrics).containsPattern("vertx_http_server_requests_total\\{[^}]*route=\"/_login/:strategy\"");
    assertThat(metrics).containsPattern("vertx_http_server_response_time_seconds_bucket\\{[^}]*code=\"200\"[^}]*le=\"0\\.1\"");
    // business outcomes by operation and statusCode; logins
    assertThat(count(metrics, "lanyard_operation_results_total", "operation=\"getAllUserTypes\"", "statusCode=\"0\""))
      .isPositive();
    assertThat(metrics).containsPattern("lanyard_logins_total\\{[^}]*outcome=\"success\"");
    assertThat(metrics).containsPattern("lanyard_logins_total\\{[^}]*outcome=\"failure\"[^}]*reason=\"security.credentials.invalid\"");
    // bcrypt: queue depth and wait on its worker pool
    assertThat(metrics).containsPattern("vertx_pool_queue_pending\\{[^}]*pool_name=\"lanyard-bcrypt\"");
    assertThat(metrics).containsPattern("vertx_pool_queue_time_seconds_count\\{[^}]*pool_name=\"lanyard-bcrypt\"");
    // the database pool: connections in use and waits
    assertThat(metrics).containsPattern("vertx_pool_in_use\\{[^}]*pool_name=\"lanyard\",pool_type=\"sql\"");
    assertThat(metrics).containsPattern("vertx_pool_queue_time_seconds_count\\{[^}]*pool_name=\"lanyard\",pool_type=\"sql\"");
    // the mail outbox
    assertThat(metrics).containsPattern("lanyard_mail_outbox_mails\\{[^}]*state=\"pending\"");
    assertThat(metrics).containsPattern("lanyard_mail_outbox_mails\\{[^}]*state=\"dead\"");
    assertThat(metrics).contains("lanyard_mail_outbox_oldest_pending_age_seconds");
    assertThat(metrics).contains("lanyard_mail_deliveries_total");
    // JVM and event loops
    assertThat(metrics).contains("jvm_memory_used_bytes", "jvm_threads_live_threads", "process_cpu_usage");
    assertThat(metrics).contains("netty_eventexecutor_tasks_pending");
    assertThat(metrics).containsPattern("lanyard_event_loop_lag_seconds_count\\{loop=\"0\"}");
  }

  @Test
  void creationResultsAreCountedByTheirCode() {
    Fixtures.App registration = Fixtures.registrationApp(app, "badges");
    http.post("/_plugin/Vendor/user/create", Fixtures.creation("bob@example.com", registration.token(), null, null));
    http.post("/_plugin/Vendor/user/create", Fixtures.creation("not-an-address", registration.token(), null, null));

    String metrics = scrape();

    assertThat(count(metrics, "lanyard_operation_results_total", "operation=\"createUser\"", "statusCode=\"0\"")).isPositive();
    assertThat(count(metrics, "lanyard_operation_results_total", "operation=\"createUser\"", "statusCode=\"190\"")).isPositive();
  }

  @Test
  void rawPathsNeverBecomeLabels() {
    http.get("/_plugin/Vendor/user/ann@example.com/secret-token-123");

    String metrics = scrape();

    assertThat(metrics).doesNotContain("ann@example.com", "secret-token-123");
  }

  @Test
  void outboxGaugesFollowTheTable() {
    // a mail queued an hour ago and not due before tomorrow: nothing will send it during the test
    TestDb.get().query("INSERT INTO mail_outbox (message_id, kind, recipient, subject, text_body, created_at, next_attempt_at)"
      + " VALUES ('<m1@test>', 'welcome', 'ann@example.com', 'Hello', 'Hi', now() - interval '1 hour', now() + interval '1 day')");
    TestDb.get().query("INSERT INTO mail_outbox (message_id, kind, recipient, subject, status) VALUES ('<m2@test>', 'welcome',"
      + " 'bob@example.com', 'Hello', 'dead')");

    Eventually.until(() -> count(scrape(), "lanyard_mail_outbox_mails", "state=\"pending\"") == 1
      && count(scrape(), "lanyard_mail_outbox_mails", "state=\"dead\"") == 1, "the gauges count the mails");

    assertThat(count(scrape(), "lanyard_mail_outbox_oldest_pending_age_seconds")).isBetween(3590.0, 3700.0);
  }

  @Test
  void metricsOnAPortOfTheirOwnAreNotOnTheApiPort() throws Exception {
    int port = freePort();
    try (TestApp separate = TestApp.start(Map.of("LANYARD_METRICS_PORT", Integer.toString(port)))) {
      separate.http().get("/_healthCheck");
      HttpResponse<String> scraped = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
      Http.Response onApi = separate.http().get("/metrics");

      assertThat(separate.lanyard().metricsPort()).isEqualTo(port);
      assertThat(scraped.statusCode()).isEqualTo(200);
      assertThat(scraped.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
      assertThat(scraped.body()).containsPattern("vertx_http_server_requests_total\\{[^}]*route=\"/_healthCheck\"")
        .contains("jvm_memory_used_bytes");
      assertThat(onApi.status()).isEqualTo(404);
    }
  }

  @Test
  void disabledMetricsAreNotServed() {
    try (TestApp quiet = TestApp.start(Map.of("LANYARD_METRICS_ENABLED", "false"))) {
      Http.Response response = quiet.http().get("/metrics");

      assertThat(response.status()).isEqualTo(404);
      assertThat(response.error().getString("id")).isEqualTo("api.url_not_found");
    }
  }

  @Test
  void scrapeIsPlainTextWithoutEnvelopeOrToken() {
    Http.Response response = http.get("/metrics");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.headers().get("Content-Type")).startsWith("text/plain");
    assertThat(response.body()).isNull();
    assertThat(response.text()).startsWith("# HELP");
  }

  private String scrape() {
    Http.Response response = http.get("/metrics");
    assertThat(response.status()).isEqualTo(200);
    return response.text();
  }

  /** The value of the first sample of {@code name} whose labels hold every one of {@code labels}; -1 when there is none. */
  private static double count(String metrics, String name, String... labels) {
    Pattern sample = Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*})? (\\S+)$", Pattern.MULTILINE);
    Matcher matcher = sample.matcher(metrics);
    while (matcher.find()) {
      String found = Optional.ofNullable(matcher.group(1)).orElse("");
      if (Arrays.stream(labels).allMatch(found::contains)) {
        return Double.parseDouble(matcher.group(2));
      }
    }
    return -1;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
