package io.lanyard.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fat jar run as an operator runs it ({@code java -jar target/lanyard.jar}), for what only a process shows: SIGTERM
 * (drain, then stop) and SIGKILL (a crash). Its output is collected line by line.
 */
public final class JarProcess implements AutoCloseable {

  public static final Pattern READY = Pattern.compile("Lanyard ready on port (\\d+) in (\\d+) ms");
  private static final Path JAR = Path.of("target", "lanyard.jar");

  private final Process process;
  private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
  private final Thread reader;

  private JarProcess(Process process) {
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

  /**
   * Starts the jar with no {@code LANYARD_*} variable of this JVM; bcrypt cost 4, the tests' secret key, metrics on the API
   * port, loopback allow-listed; then {@code env}.
   */
  public static JarProcess start(Map<String, String> env) {
    if (!Files.isRegularFile(JAR)) {
      throw new AssertionError("run mvn package first: no " + JAR);
    }
    ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
      "-Xmx256m", "-jar", JAR.toString()).redirectErrorStream(true);
    builder.environment().keySet().removeIf(name -> name.startsWith("LANYARD_"));
    builder.environment().put("LANYARD_BCRYPT_COST", "4");
    builder.environment().put("LANYARD_ALLOW_WEAK_BCRYPT_COST", "true");
    builder.environment().put("LANYARD_JWT_SECRET_KEY", TestApp.JWT_SECRET_KEY);
    builder.environment().put("LANYARD_METRICS_PORT", "0");
    // the tests call from loopback, as many times as they need: the per-source rates are tested on a service of their own
    builder.environment().put("LANYARD_SOURCE_ALLOWLIST", "127.0.0.1,::1");
    builder.environment().putAll(env);
    try {
      return new JarProcess(builder.start());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Waits for "Lanyard ready"; the port it serves. */
  public int awaitReady(Duration bound) {
    return Integer.parseInt(awaitLine(READY, bound).group(1));
  }

  public Matcher awaitLine(Pattern pattern, Duration bound) {
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
      Eventually.pause(50);
    }
    throw new AssertionError("never printed " + pattern + ":\n" + String.join("\n", output()));
  }

  /** SIGTERM (not {@code Process.destroy()}, which also closes our end of the pipe and loses what the jar prints). */
  public void terminate() {
    process.toHandle().destroy();
  }

  /** SIGKILL: the process dies at once, as in a crash. */
  public void kill() {
    process.toHandle().destroyForcibly();
    awaitExit(Duration.ofSeconds(30));
  }

  /**
   * SIGSTOP: the process stops where it is and its sockets stay open, as a host cut off by the network or a virtual machine
   * paused: the database sees a client that neither speaks nor leaves.
   */
  public void freeze() {
    try {
      int status = new ProcessBuilder("kill", "-STOP", Long.toString(process.pid())).inheritIO().start().waitFor();
      if (status != 0) {
        throw new IllegalStateException("kill -STOP exited " + status);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Waits for the process to end; its exit status. */
  public int awaitExit(Duration bound) {
    try {
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("still running after " + bound.toSeconds() + " s:\n" + String.join("\n", output()));
      }
      reader.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return process.exitValue();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public List<String> output() {
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }

  @Override
  public void close() {
    process.toHandle().destroyForcibly();
  }

  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
