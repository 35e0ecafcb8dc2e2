package io.lanyard.partners.imports;

import io.lanyard.testing.Cli;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code users import} in the jar, as an operator runs it, stopped by a signal in the middle: every batch committed stays
 * (whole batches only), and running the same command again imports the rest.
 */
class ImportInterruptIT {

  private static final Path JAR = Path.of("target", "lanyard.jar");
  private static final int ROWS = 60_000;
  private static final int BATCH = 500;

  @TempDir
  Path dir;

  private Process process;

  @AfterEach
  void stop() {
    if (process != null) {
      process.destroyForcibly();
    }
  }

  @Test
  void anInterruptedImportKeepsItsCommittedBatchesAndARerunFinishesIt() throws Exception {
    TestDb db = TestDb.create();
    assertThat(Cli.runOn(db, "migrate").exitCode()).isZero();
    assertThat(Cli.runOn(db, "apps", "create", "--name", "fair", "--can-create-users").exitCode()).isZero();
    Path file = attendees();
    Path config = Cli.configFile(db);

    process = new ProcessBuilder("java", "-jar", JAR.toString(), "-conf", config.toString(), "users", "import", file.toString(),
      "--app", "fair", "--batch-size", Integer.toString(BATCH))
      .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
    Eventually.until(() -> db.count("SELECT count(*) FROM users") > 0 || !process.isAlive(), Duration.ofSeconds(90),
      "the first batch committed");
    process.destroy();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();

    long committed = db.count("SELECT count(*) FROM users");
    assertThat(committed).as("interrupted before the end").isLessThan(ROWS);
    assertThat(committed % BATCH).as("whole batches only").isZero();
    assertThat(Files.readString(dir.resolve("err.txt"))).contains("interrupted", "run the same command again");

    Cli.Run rerun = Cli.runOn(db, "users", "import", file.toString(), "--app", "fair", "--batch-size", Integer.toString(BATCH));

    assertThat(rerun.exitCode()).withFailMessage(rerun.err()).isZero();
    assertThat(UserImportIT.summary(rerun)).containsAllEntriesOf(Map.of("rows", Integer.toString(ROWS),
      "created", Long.toString(ROWS - committed), "skipped", Long.toString(committed), "rejected", "0"));
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(ROWS);
    assertThat(db.count("SELECT count(DISTINCT email) FROM users")).isEqualTo(ROWS);
  }

  private Path attendees() throws IOException {
    Path file = dir.resolve("attendees.csv");
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write(String.join(",", List.of("email", "language", "fromSalon", "fromSessionSalon", "firstname")) + "\n");
      for (int i = 0; i < ROWS; i++) {
        out.write("attendee" + i + "@example.com,eng-GB,salon-2026,spring,Name" + i + "\n");
      }
    }
    return file;
  }
}
