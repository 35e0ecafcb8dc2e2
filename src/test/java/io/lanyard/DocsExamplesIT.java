package io.lanyard;

import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.UserScope;
import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Mails;
import io.lanyard.testing.Smtp;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every shell example of README.md and docs/ is run, so that none drifts from the code. A block fenced {@code ```sh} runs in
 * bash against a service of its own: {@code java -jar target/lanyard.jar} (or {@code lanyard.jar}) is the real jar on the
 * test database, {@code curl localhost:7512} reaches the service. Each must exit 0, every HTTP reply have a 2xx status or
 * one the fence lists ({@code ```sh statuses=401,429}), and every {@code statusCode} of a reply be 0 or one the fence lists
 * ({@code codes=143}). {@code <token from the link>} is filled with the token of the last mail with a link that reached
 * the test's SMTP server while the block ran (for a block that only activates, the test first signs an account up). A
 * block that is not to be run (it builds the jar, starts a service, runs a benchmark) is fenced {@code ```shell} or
 * {@code ```http-example} and starts with {@code # not run: <reason>}; this test lists those with their reasons.
 *
 * <p>README.md's blocks run in order, on one database, each reading the variables ({@code $JWT}, {@code $APP_TOKEN}) the
 * ones before set, as a reader following the quick start would. Every other block runs on a database of its own with what
 * the quick start leaves: the account {@code ann@example.com} (password {@code a long password}), the applications
 * {@code fair} and {@code badges} with their link URLs, {@code $APP_TOKEN} (fair's) and {@code $JWT} (ann's).
 */
class DocsExamplesIT {

  private static final Pattern FENCE = Pattern.compile("^```(\\S*)\\s*(.*)$");
  private static final Pattern STATUSES = Pattern.compile("statuses=([0-9,]+)");
  private static final Pattern NOT_RUN = Pattern.compile("^# not run: (.+)$");
  private static final Pattern HTTP_STATUS = Pattern.compile("^DOCS-HTTP-STATUS (\\d{3})$", Pattern.MULTILINE);
  private static final Pattern CODES = Pattern.compile("codes=([0-9,]+)");
  private static final Pattern STATUS_CODE = Pattern.compile("\"statusCode\":(\\d+)");
  /** The placeholder of a link's token: filled with the token of the last mail the block made (or the test, for it). */
  private static final String LINK_TOKEN = "<token from the link>";
  private static final String ANN_CREATED = "\"email\":\"ann@example.com\"";
  private static final List<String> RUN = List.of("sh");
  private static final List<String> NOT_RUN_TAGS = List.of("shell", "http-example");
  private static final String PASSWORD = "a long password";
  private static final String[] STATE = {"JWT", "APP_TOKEN"};

  private static TestApp app;
  private static Path workDir;

  /** One example: where it is, its fence's tag and attributes, its text. */
  record Block(Path file, int line, String tag, String attributes, List<String> lines) {

    String where() {
      return file + ":" + line;
    }

    List<Integer> statuses() {
      Matcher given = STATUSES.matcher(attributes);
      return given.find() ? Arrays.stream(given.group(1).split(",")).map(Integer::parseInt).toList() : List.of();
    }

    /** The {@code statusCode}s the replies may carry: the fence's {@code codes=}, else 0 alone. */
    List<Integer> codes() {
      Matcher given = CODES.matcher(attributes);
      return given.find() ? Arrays.stream(given.group(1).split(",")).map(Integer::parseInt).toList() : List.of(0);
    }

    String text() {
      return String.join("\n", lines);
    }
  }

  @BeforeAll
  static void service() throws IOException {
    TestDb.get().truncate();
    app = TestApp.start(Map.of("LANYARD_PUBLIC_URL", "http://localhost:7512"));
    workDir = Files.createTempDirectory("lanyard-docs");
    Path jar = Path.of("target", "lanyard.jar").toAbsolutePath();
    Files.createDirectories(workDir.resolve("target"));
    Files.createSymbolicLink(workDir.resolve("lanyard.jar"), jar);
    Files.createSymbolicLink(workDir.resolve("target").resolve("lanyard.jar"), jar);
    // the files the examples name
    Files.writeString(workDir.resolve("account_link.txt"), "Hello {{firstname}}, choose your password: {{link}}\n");
    Files.writeString(workDir.resolve("account_link.html"), "<p>Hello {{firstname}}: <a href=\"{{link}}\">your account</a></p>\n");
    Files.writeString(workDir.resolve("attendees-2026.csv"), "email,language,fromSalon,fromSessionSalon,firstname\n"
      + "carl@example.com,eng-GB,salon-2026,salon-2026-spring,Carl\n");
  }

  @AfterAll
  static void stop() throws IOException {
    if (app != null) {
      app.close();
    }
    // the outputs hold tokens and secrets the examples printed
    if (workDir != null) {
      try (Stream<Path> files = Files.walk(workDir)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  @Test
  void everyShellExampleRunsAndGetsItsDocumentedOutcome() throws Exception {
    List<Block> blocks = blocks();
    List<String> failures = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    boolean readmeStarted = false;
    for (Block block : blocks) {
      if (NOT_RUN_TAGS.contains(block.tag())) {
        Optional<String> reason = block.lines().stream().findFirst().map(NOT_RUN::matcher).filter(Matcher::matches)
          .map(matcher -> matcher.group(1));
        if (reason.isEmpty()) {
          failures.add(block.where() + ": a ```" + block.tag() + " block must start with '# not run: <reason>'");
        } else {
          skipped.add(block.where() + ": " + reason.get());
        }
        continue;
      }
      if (!RUN.contains(block.tag())) {
        continue;
      }
      boolean readme = block.file().getFileName().toString().equals("README.md");
      if (!readme) {
        quickStartState(block);
      } else if (!readmeStarted) {
        TestDb.get().truncate();
        Smtp.shared().clear();
        app.reloadCaches();
        Files.deleteIfExists(workDir.resolve("state.sh"));
        readmeStarted = true;
      }
      run(block).ifPresent(failures::add);
    }
    System.out.println("DocsExamplesIT: ran " + blocks.stream().filter(block -> RUN.contains(block.tag())).count()
      + " examples; not run:\n  " + String.join("\n  ", skipped));
    assertThat(failures).as("examples that fail").isEmpty();
    assertThat(blocks.stream().filter(block -> RUN.contains(block.tag()))).as("examples found").hasSizeGreaterThan(30);
  }

  /** What the quick start leaves, on a database of the block's own; an application the block creates itself is left out. */
  private static void quickStartState(Block block) throws IOException {
    TestDb.get().truncate();
    Smtp.shared().clear();
    String text = block.text();
    boolean createsAnn = text.contains(ANN_CREATED) && text.contains("/user/create");
    String jwt = "";
    if (!createsAnn) {
      Accounts.createActive(app, "ann@example.com", PASSWORD);
      jwt = Accounts.login(app, "ann@example.com", PASSWORD);
    }
    String appToken = "";
    if (!text.contains("apps create --name fair")) {
      appToken = Fixtures.application(app, "fair", true, UserScope.ANY,
        Optional.of("https://fair.example/activate?token={token}"), new ApplicationUrls(
          Optional.of("https://fair.example/reset?token={token}"), Optional.of("https://fair.example/email?token={token}"),
          Optional.empty())).token();
    }
    Fixtures.application(app, "badges", true, UserScope.ANY, Optional.of("https://badges.example/activate?token={token}"));
    app.reloadCaches();
    if (text.contains("/user/activate") && text.contains(LINK_TOKEN) && !appToken.isEmpty()) {
      // an account waiting for its link, as /user/create leaves it: its mail holds the token the block activates
      app.http().post("/_plugin/Vendor/user/create", Fixtures.creation("carl@example.com", appToken, null, null));
    }
    Files.writeString(workDir.resolve("state.sh"), "JWT='" + jwt + "'\nAPP_TOKEN='" + appToken + "'\n");
  }

  /** Runs a block in bash; why it failed, or empty. */
  private static Optional<String> run(Block block) throws IOException, InterruptedException {
    String script = String.join("\n",
      "set -eo pipefail",
      "[ -f state.sh ] && . ./state.sh",
      "curl() { command curl -w '%{stderr}\\nDOCS-HTTP-STATUS %{http_code}\\n' \"${@//localhost:7512/127.0.0.1:" + app.port()
        + "}\"; }",
      "docs_token() { for i in $(seq 300); do [ -s token.txt ] && { cat token.txt; return; }; sleep 0.1; done; "
        + "echo 'no mail with a link within 30 s' >&2; return 1; }",
      block.text().replace(LINK_TOKEN, "'\"$(docs_token)\"'"),
      "for name in " + String.join(" ", STATE) + "; do if [ -n \"${!name}\" ]; then printf '%s=%q\\n' \"$name\" \"${!name}\"; "
        + "fi; done > state.sh",
      "");
    ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).directory(workDir.toFile());
    builder.environment().keySet().removeIf(name -> name.startsWith("LANYARD_"));
    builder.environment().putAll(Map.of(
      "LANYARD_DB_URI", TestDb.get().uri(),
      "LANYARD_JWT_SECRET_KEY", TestApp.JWT_SECRET_KEY,
      "LANYARD_BCRYPT_COST", "4",
      "LANYARD_ALLOW_WEAK_BCRYPT_COST", "true",
      "LANYARD_PUBLIC_URL", "http://localhost:7512",
      "LANYARD_SMTP_HOST", "127.0.0.1"));
    Path out = Files.createTempFile(workDir, "out", ".txt");
    Path err = Files.createTempFile(workDir, "err", ".txt");
    Path token = workDir.resolve("token.txt");
    Files.deleteIfExists(token);
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    Thread watcher = new Thread(() -> writeLastLinkToken(process, token));
    watcher.start();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      return Optional.of(block.where() + ": still running after 5 minutes");
    }
    watcher.join();
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    String stdout = Files.readString(out, StandardCharsets.UTF_8);
    if (process.exitValue() != 0) {
      return Optional.of(block.where() + ": exit " + process.exitValue() + "\n" + stdout + stderr);
    }
    List<Integer> allowed = block.statuses();
    List<Integer> statuses = HTTP_STATUS.matcher(stderr).results().map(found -> Integer.parseInt(found.group(1))).toList();
    List<Integer> unexpected = statuses.stream()
      .filter(status -> allowed.isEmpty() ? status < 200 || status > 299 : !allowed.contains(status)).toList();
    if (!unexpected.isEmpty()) {
      return Optional.of(block.where() + ": HTTP " + unexpected + "\n" + stdout);
    }
    List<Integer> codes = STATUS_CODE.matcher(stdout).results().map(found -> Integer.parseInt(found.group(1))).toList();
    List<Integer> unexpectedCodes = codes.stream().filter(code -> !block.codes().contains(code)).toList();
    if (!unexpectedCodes.isEmpty()) {
      return Optional.of(block.where() + ": statusCode " + unexpectedCodes + "\n" + stdout);
    }
    return Optional.empty();
  }

  /** While the block runs: the token of the last mail with a link, in a file its {@code docs_token} reads. */
  private static void writeLastLinkToken(Process process, Path file) {
    int seen = 0;
    while (process.isAlive()) {
      List<MimeMessage> received = Smtp.shared().received();
      if (received.size() > seen) {
        seen = received.size();
        try {
          Files.writeString(file.resolveSibling("token.tmp"), Mails.tokenIn(received.get(seen - 1)));
          Files.move(file.resolveSibling("token.tmp"), file, StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
        } catch (AssertionError noLink) {
          // a mail without a link (a notice): the token of an earlier one stays
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      Eventually.pause(100);
    }
  }

  static List<Block> blocks() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
    try (Stream<Path> docs = Files.list(Path.of("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md")).sorted(Comparator.naturalOrder()).forEach(pages::add);
    }
    List<Block> blocks = new ArrayList<>();
    for (Path page : pages) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        Matcher fence = FENCE.matcher(lines.get(i));
        if (!fence.matches()) {
          continue;
        }
        int start = i;
        List<String> body = new ArrayList<>();
        for (i = i + 1; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
          body.add(lines.get(i));
        }
        blocks.add(new Block(page, start + 1, fence.group(1), fence.group(2), body));
      }
    }
    return blocks;
  }
}
