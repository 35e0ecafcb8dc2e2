package io.lanyard.boot.cli;

import io.lanyard.testing.Eventually;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The fat jar as an operator runs it: {@code java -jar target/lanyard.jar}, its start-up, its refusals, its SIGTERM. */
class JarIT {

  private static final Path JAR = Path.of("target", "lanyard.jar");
  private static final Pattern READY = Pattern.compile("Lanyard ready on port (\\d+) in (\\d+) ms");

  private final List<Process> started = new ArrayList<>();
  private final List<String> databases = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    started.forEach(Process::destroyForcibly);
    for (String database : databases) {
      TestDb.onServer("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }
  }

  @Test
  void startsOnAFreshDatabaseCreatingAndMigratingItThenStopsCleanlyOnSigterm() throws Exception {
    String database = newDatabaseName();
    int port = freePort();
    Running jar = start(Map.of("LANYARD_DB_URI", TestDb.uri(database), "LANYARD_HTTP_PORT", Integer.toString(port)));

    Matcher ready = jar.awaitLine(READY, Duration.ofSeconds(30));

    assertThat(Integer.parseInt(ready.group(1))).isEqualTo(port);
    assertThat(Long.parseLong(ready.group(2))).isPositive();
    HttpResponse<String> reply = post(port, "/_login/local", new JsonObject().put("username", "a@b.example").put("password", "x"));
    assertThat(reply.statusCode()).isEqualTo(401);
    assertThat(new JsonObject(reply.body()).getJsonObject("error").getString("message")).isEqualTo("wrong username or password");
    jar.terminate();
    assertThat(jar.process.waitFor(20, TimeUnit.SECONDS)).isTrue();
    jar.drain();
    assertThat(jar.process.exitValue()).isZero();
    assertThat(jar.output()).anyMatch(line -> line.contains("Stopped"));
    assertThat(jar.output()).noneMatch(line -> line.contains("Exception"));
  }

  @Test
  void requestInFlightAtSigtermIsAnswered() throws Exception {
    String database = newDatabaseName();
    int port = freePort();
    // cost 14: one verification takes about a second, long enough to signal in the middle of it
    Running jar = start(Map.of("LANYARD_DB_URI", TestDb.uri(database), "LANYARD_HTTP_PORT", Integer.toString(port),
      "LANYARD_BCRYPT_COST", "14"));
    jar.awaitLine(READY, Duration.ofSeconds(60));

    CompletableFuture<HttpResponse<String>> inFlight = postAsync(port, "/_login/local",
      new JsonObject().put("username", "a@b.example").put("password", "whatever"));
    Thread.sleep(300);
    jar.terminate();

    HttpResponse<String> reply = inFlight.get(30, TimeUnit.SECONDS);
    assertThat(reply.statusCode()).isEqualTo(401);
    assertThat(jar.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(jar.process.exitValue()).isZero();
  }

  @Test
  void jsonLogFormatWritesOneJsonObjectPerLineWithTheAccessFieldsAndNoSecret() throws Exception {
    String secret = "json-log-test-secret-0123456789abcdefgh";
    String password = "hunter2 correct horse";
    int port = freePort();
    Running jar = start(Map.of("LANYARD_LOG_FORMAT", "json", "LANYARD_HTTP_PORT", Integer.toString(port),
      "LANYARD_JWT_SECRET", secret));
    jar.awaitLine(READY, Duration.ofSeconds(30));

    HttpRequest login = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/_login/local"))
      .header("X-Kuzzle-Request-Id", "json-log-test-1").header("Content-Type", "application/json")
      .POST(HttpRequest.BodyPublishers.ofString(new JsonObject().put("username", "ann@example.com").put("password", password)
        .encode())).build();
    assertThat(HttpClient.newHttpClient().send(login, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
    jar.terminate();
    assertThat(jar.process.waitFor(20, TimeUnit.SECONDS)).isTrue();
    jar.drain();

    List<String> lines = jar.output().stream().filter(line -> !line.isBlank()).toList();
    List<JsonObject> records = lines.stream().map(JsonObject::new).toList();
    JsonObject access = records.stream()
      .filter(record -> "access".equals(record.getString("logger")) && "json-log-test-1".equals(record.getString("requestId")))
      .findFirst().orElseThrow(() -> new AssertionError("no access line:\n" + String.join("\n", lines)));
    assertThat(access.getString("method")).isEqualTo("POST");
    assertThat(access.getString("path")).isEqualTo("/_login/local");
    assertThat(access.getString("route")).isEqualTo("/_login/:strategy");
    assertThat(access.getString("source")).isEqualTo("127.0.0.1");
    assertThat(access.getInteger("status")).isEqualTo(401);
    assertThat(access.getValue("durationMs")).isInstanceOf(Number.class);
    assertThat(access.getString("level")).isEqualTo("INFO");
    assertThat(access.getString("message"))
      .isEqualTo("POST /_login/local 401 " + access.getLong("durationMs") + "ms 127.0.0.1");
    assertThat(records).anyMatch(record -> record.getString("message", "").startsWith("Lanyard ready on port"));
    assertThat(String.join("\n", lines)).doesNotContain(password, secret, "$2a$");
  }

  @Test
  void textLogFormatIsTheDefault() throws Exception {
    int port = freePort();
    Running jar = start(Map.of("LANYARD_HTTP_PORT", Integer.toString(port)));
    jar.awaitLine(READY, Duration.ofSeconds(30));

    HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/_healthCheck"))
      .header("X-Kuzzle-Request-Id", "text-log-test-1").build();
    assertThat(HttpClient.newHttpClient().send(health, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    jar.terminate();
    assertThat(jar.process.waitFor(20, TimeUnit.SECONDS)).isTrue();
    jar.drain();

    assertThat(jar.output()).anyMatch(line -> line.matches(
      "\\S+ INFO  \\[text-log-test-1\\] access - GET /_healthCheck 200 \\d+ms 127\\.0\\.0\\.1"));
    assertThat(jar.output()).noneMatch(line -> line.startsWith("{"));
  }

  @Test
  void accessLogOfErrorsAndSlowRequestsLeavesOutFastSuccesses() throws Exception {
    int port = freePort();
    Running jar = start(Map.of("LANYARD_HTTP_PORT", Integer.toString(port), "LANYARD_HTTP_ACCESS_LOG", "errors-and-slow",
      "LANYARD_HTTP_SLOW_REQUEST", "1h"));
    jar.awaitLine(READY, Duration.ofSeconds(30));

    HttpClient client = HttpClient.newHttpClient();
    HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/_healthCheck"))
      .header("X-Kuzzle-Request-Id", "fast-success").build();
    HttpRequest me = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/_me"))
      .header("X-Kuzzle-Request-Id", "failure").build();
    assertThat(client.send(health, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    assertThat(client.send(me, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
    jar.terminate();
    assertThat(jar.process.waitFor(20, TimeUnit.SECONDS)).isTrue();
    jar.drain();

    // written in batches: what was still buffered when SIGTERM came is flushed by the stop
    assertThat(jar.output()).anyMatch(line -> line.matches("\\S+ INFO  \\[failure\\] access - GET /_me 401 \\d+ms \\S+"));
    assertThat(jar.output()).noneMatch(line -> line.contains("[fast-success] access"));
  }

  @Test
  void portThatIsNotANumberStopsStartUpNamingTheSetting() throws Exception {
    assertRefused(Map.of("LANYARD_HTTP_PORT", "seventy"), "LANYARD_HTTP_PORT");
  }

  @Test
  void shortJwtSecretStopsStartUpNamingTheSetting() throws Exception {
    assertRefused(Map.of("LANYARD_JWT_SECRET", "too-short"), "LANYARD_JWT_SECRET");
  }

  @Test
  void placeholderJwtSecretStopsStartUpWithoutPrintingIt() throws Exception {
    String placeholder = "your-256-bit-secret-your-256-bit-secret";

    List<String> lines = assertRefused(Map.of("LANYARD_JWT_SECRET", placeholder), "LANYARD_JWT_SECRET");

    assertThat(String.join("\n", lines)).doesNotContain(placeholder);
  }

  @Test
  void bcryptCostBelowTenStopsStartUpUnlessAllowedForTests() throws Exception {
    assertRefused(Map.of("LANYARD_ALLOW_WEAK_BCRYPT_COST", "false"), "LANYARD_BCRYPT_COST");
  }

  @Test
  void generatedSecretWithoutItsKeyStopsStartUpNamingTheKey() throws Exception {
    assertRefused(Map.of("LANYARD_JWT_SECRET_KEY", ""), "LANYARD_JWT_SECRET_KEY");
  }

  @Test
  void unusableSigningKeyStopsStartUpNamingTheSetting() throws Exception {
    assertRefused(Map.of("LANYARD_JWT_ALGORITHM", "ES256", "LANYARD_JWT_PRIVATE_KEY", "not a key"), "LANYARD_JWT_PRIVATE_KEY");
  }

  @Test
  void unreachableDatabaseStopsStartUpNamingTheSetting() throws Exception {
    assertRefused(Map.of("LANYARD_DB_URI", "postgresql://postgres@127.0.0.1:1/lanyard", "LANYARD_DB_CONNECT_TIMEOUT", "2s"),
      "LANYARD_DB_URI");
  }

  @Test
  void portInUseStopsStartUpNamingTheSetting() throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      String database = newDatabaseName();
      assertRefused(Map.of("LANYARD_HTTP_PORT", Integer.toString(taken.getLocalPort()), "LANYARD_DB_URI", TestDb.uri(database)),
        "LANYARD_HTTP_PORT");
    }
  }

  @Test
  void metricsPortInUseStopsStartUpNamingItsOwnSetting() throws Exception {
    try (ServerSocket taken = new ServerSocket(0)) {
      List<String> lines = assertRefused(Map.of("LANYARD_METRICS_PORT", Integer.toString(taken.getLocalPort()),
        "LANYARD_HTTP_PORT", Integer.toString(freePort())), "LANYARD_METRICS_PORT");

      assertThat(lines).noneMatch(line -> line.contains("http.port") || line.contains("LANYARD_HTTP_PORT"));
    }
  }

  @Test
  void commandsPrintOnlyTheirOutputOnStdoutAndLogOnStderr() throws Exception {
    Map<String, String> env = Map.of("LANYARD_DB_URI", TestDb.uri(newDatabaseName()));
    Map<String, String> debug = new HashMap<>(env);
    debug.put("LANYARD_LOG_LEVEL", "DEBUG");

    Apart migrate = runToEnd(env, "migrate");
    Apart set = runToEnd(env, "user-types", "set", "visitor", "press");
    Apart list = runToEnd(debug, "user-types", "list");

    assertThat(migrate.process().exitValue()).withFailMessage(migrate.stderr()).isZero();
    assertThat(migrate.stdout()).isEqualTo("Database is up to date" + System.lineSeparator());
    assertThat(migrate.stderr()).contains("INFO ", "Migrated database");
    assertThat(set.process().exitValue()).withFailMessage(set.stderr()).isZero();
    assertThat(list.process().exitValue()).withFailMessage(list.stderr()).isZero();
    assertThat(list.stdout()).isEqualTo("visitor" + System.lineSeparator() + "press" + System.lineSeparator());
  }

  /**
   * Logging is set up in code (LogConfigurator), not from logback.xml: a line reads {@code time level [requestId] logger -
   * message}, and a root level logback does not know logs at INFO and says so rather than falling to DEBUG.
   */
  @Test
  void linesReadAsDocumentedAndAnUnknownLevelLogsInfoAndSaysSo() throws Exception {
    Apart migrate = runToEnd(Map.of("LANYARD_LOG_LEVEL", "LOUD"), "migrate");

    assertThat(migrate.process().exitValue()).withFailMessage(migrate.stderr()).isZero();
    assertThat(migrate.stdout() + migrate.stderr())
      .contains("LANYARD_LOG_LEVEL is \"LOUD\"; expected TRACE, DEBUG, INFO, WARN, ERROR or OFF. Logging INFO.");
    assertThat(migrate.stderr().lines()).anyMatch(line -> line.matches(
      "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}(Z|[+-]\\d{2}:\\d{2}) INFO  \\[-] \\w+ - Migrated database.*"));
    assertThat(migrate.stderr()).doesNotContain("DEBUG");
  }

  /** An operator's own logback file replaces the built-in set-up altogether. */
  @Test
  void anOperatorsOwnLogbackFileWins() throws Exception {
    Path config = Files.createTempFile("operator-logback", ".xml");
    config.toFile().deleteOnExit();
    Files.writeString(config, """
      <configuration>
        <appender name="out" class="ch.qos.logback.core.ConsoleAppender">
          <encoder><pattern>OPERATOR %level %msg%n</pattern></encoder>
        </appender>
        <root level="INFO"><appender-ref ref="out"/></root>
      </configuration>
      """);

    Apart migrate = runToEnd(Map.of("JAVA_TOOL_OPTIONS", "-Dlogback.configurationFile=" + config), "migrate");

    assertThat(migrate.process().exitValue()).withFailMessage(migrate.stderr()).isZero();
    assertThat(migrate.stderr()).contains("OPERATOR INFO Migrated database");
    assertThat(migrate.stdout()).isEqualTo("Database is up to date" + System.lineSeparator());
  }

  /** Each database connection a measured Vert.x opened registered Vert.x Micrometer's socket gauge again: Micrometer warned. */
  @Test
  void healthyCommandsWriteNothingOnStderr() throws Exception {
    Map<String, String> env = Map.of("LANYARD_DB_URI", TestDb.uri(newDatabaseName()));
    assertThat(runToEnd(env, "migrate").process().exitValue()).isZero();

    for (String[] command : List.of(new String[] {"mail", "status"}, new String[] {"apps", "create", "--name", "badges"},
      new String[] {"users", "list"}, new String[] {"webhooks", "status"})) {
      Apart run = runToEnd(env, command);

      assertThat(run.process().exitValue()).as(String.join(" ", command)).withFailMessage(run.stderr()).isZero();
      assertThat(run.stderr()).as(String.join(" ", command)).doesNotContain("WARN").isEmpty();
    }
  }

  @Test
  void anUnknownCommandWithHelpSaysSoAndExitsTwo() throws Exception {
    Apart run = runToEnd(Map.of(), "kiosk", "grant", "--help");

    assertThat(run.process().exitValue()).isEqualTo(2);
    assertThat(run.stdout()).isEmpty();
    assertThat(run.stderr()).startsWith("lanyard: unknown command 'kiosk'");
  }

  @Test
  void serveLogsOnStdoutAsContainersExpect() throws Exception {
    Apart jar = startApart(Map.of("LANYARD_HTTP_PORT", Integer.toString(freePort())));
    Eventually.until(() -> READY.matcher(jar.stdout()).find() || !jar.process().isAlive(), Duration.ofSeconds(60), "ready");

    jar.process().toHandle().destroy();
    assertThat(jar.process().waitFor(20, TimeUnit.SECONDS)).isTrue();

    assertThat(jar.stdout()).withFailMessage(jar.stdout() + jar.stderr()).contains("Lanyard ready on port", "Stopped");
    assertThat(jar.stderr()).doesNotContain("Lanyard ready", "INFO");
    // the jar carries Netty's epoll transport for Linux x86-64 only; elsewhere NIO serves
    boolean epollBuilt = System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64");
    assertThat(jar.stdout()).contains(epollBuilt ? "(epoll network transport)" : "(NIO network transport)");
  }

  /** @return the lines the jar printed */
  private List<String> assertRefused(Map<String, String> env, String setting) throws Exception {
    Running jar = start(env);

    assertThat(jar.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    jar.drain();

    assertThat(jar.process.exitValue()).isNotZero();
    List<String> lines = jar.output().stream().filter(line -> !line.isBlank()).toList();
    List<String> naming = lines.stream().filter(line -> line.contains(setting)).toList();
    assertThat(naming).withFailMessage(String.join("\n", lines)).hasSize(1);
    assertThat(lines.stream().filter(line -> line.contains("Exception") || line.startsWith("\tat "))).isEmpty();
    return lines;
  }

  private Running start(Map<String, String> env) throws IOException {
    Process process = jar(env).redirectErrorStream(true).start();
    started.add(process);
    return new Running(process);
  }

  /** The jar with standard output and standard error kept apart, each in a file. */
  private Apart startApart(Map<String, String> env, String... arguments) throws IOException {
    Path out = Files.createTempFile("lanyard-jar", ".out");
    Path err = Files.createTempFile("lanyard-jar", ".err");
    out.toFile().deleteOnExit();
    err.toFile().deleteOnExit();
    Process process = jar(env, arguments).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    started.add(process);
    return new Apart(process, out, err);
  }

  private Apart runToEnd(Map<String, String> env, String... arguments) throws Exception {
    Apart jar = startApart(env, arguments);
    assertThat(jar.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
    return jar;
  }

  private ProcessBuilder jar(Map<String, String> env, String... arguments) {
    assertThat(Files.isRegularFile(JAR)).withFailMessage("run mvn package first: no " + JAR).isTrue();
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
      "-jar", JAR.toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(name -> name.startsWith("LANYARD_"));
    builder.environment().put("LANYARD_BCRYPT_COST", "4");
    builder.environment().put("LANYARD_ALLOW_WEAK_BCRYPT_COST", "true");
    builder.environment().put("LANYARD_JWT_SECRET_KEY", TestApp.JWT_SECRET_KEY);
    builder.environment().put("LANYARD_METRICS_PORT", "0");
    builder.environment().put("LANYARD_DB_URI", TestDb.uri(newDatabaseName()));
    builder.environment().putAll(env);
    return builder;
  }

  private String newDatabaseName() {
    String name = "lanyard_jar_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    databases.add(name);
    return name;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static HttpResponse<String> post(int port, String path, JsonObject body) throws Exception {
    return postAsync(port, path, body).get(30, TimeUnit.SECONDS);
  }

  private static CompletableFuture<HttpResponse<String>> postAsync(int port, String path, JsonObject body) {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
      .header("Content-Type", "application/json")
      .POST(HttpRequest.BodyPublishers.ofString(body.encode())).build();
    return HttpClient.newHttpClient().sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }

  /** A started jar whose standard output and standard error are files. */
  private record Apart(Process process, Path out, Path err) {

    String stdout() {
      return read(out);
    }

    String stderr() {
      return read(err);
    }

    private static String read(Path file) {
      try {
        return Files.readString(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** A started jar whose output is collected line by line. */
  private static final class Running {

    final Process process;
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final Thread reader;

    Running(Process process) {
      this.process = process;
      this.reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
          String line;
          while ((line = in.readLine()) != null) {
            lines.add(line);
          }
        } catch (IOException ignored) {
          // the process ended
        }
      });
      reader.start();
    }

    Matcher awaitLine(Pattern pattern, Duration bound) throws InterruptedException {
      long deadline = System.nanoTime() + bound.toNanos();
      while (System.nanoTime() < deadline) {
        for (String line : output()) {
          Matcher matcher = pattern.matcher(line);
          if (matcher.find()) {
            return matcher;
          }
        }
        if (!process.isAlive()) {
          break;
        }
        Thread.sleep(50);
      }
      throw new AssertionError("never printed " + pattern + ":\n" + String.join("\n", output()));
    }

    /** SIGTERM. Not {@code Process.destroy()}: it also closes our end of the pipe, losing what the jar prints while stopping. */
    void terminate() {
      process.toHandle().destroy();
    }

    void drain() throws InterruptedException {
      reader.join(5000);
    }

    List<String> output() {
      synchronized (lines) {
        return List.copyOf(lines);
      }
    }
  }
}
