import io.lanyard.testing.SoftwareAuthenticator;
import io.vertx.core.json.JsonObject;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The passkey scenarios of bench/run: seeded accounts each register a passkey of a software authenticator (the tests' own,
 * webauthn4j's encoders, the JDK's P-256 keys, signing with BouncyCastle as the service verifies with it), then a passkey
 * sign-in is a challenge, the authenticator's signature and the login, answered with a token.
 *
 * <pre>java -cp lanyard.jar:target/test-classes bench/PasskeyBench.java SCENARIO URL CONNECTIONS SECONDS ACCOUNTS PASSWORD [RATE]</pre>
 *
 * signin: CONNECTIONS loops sign in with passkeys as fast as answered; prints wrk's BENCH line (requests = sign-ins).
 * doors: "doors open", open loop: RATE sign-ins a second, 80 % passkeys and 20 % passwords (seeded accounts of their own),
 * each timed from when it was due (so a late answer is not hidden by the next one waiting); prints the passkeys' BENCH line
 * and the passwords' as BENCH_PASSWORDS.
 */
public final class PasskeyBench {

  /** Registrations at once: each starts with a password sign-in, so no more than the hash threads take without refusing. */
  private static final int REGISTERING = 2;

  private final String url;
  private final String password;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
    .connectTimeout(Duration.ofSeconds(10)).build();
  private final List<SoftwareAuthenticator> passkeys = Collections.synchronizedList(new ArrayList<>());
  private final AtomicInteger next = new AtomicInteger();

  private PasskeyBench(String url, String password) {
    this.url = url;
    this.password = password;
  }

  public static void main(String[] args) throws Exception {
    PasskeyBench bench = new PasskeyBench(args[1], args[5]);
    int connections = Integer.parseInt(args[2]);
    long seconds = Long.parseLong(args[3]);
    int accounts = Integer.parseInt(args[4]);
    bench.register(accounts);
    // what comes now is counted: bench/run measures what it costs from here (docs/operating.md#sizing)
    System.out.println("MEASURING");
    System.out.flush();
    switch (args[0]) {
      case "signin" -> bench.closedLoop(connections, seconds);
      case "doors" -> bench.doorsOpen(Double.parseDouble(args[6]), seconds, accounts);
      default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
    }
    System.exit(0);
  }

  /** Accounts bench-a1 .. bench-aN each sign in with their password once and register a passkey (no counter, as synced ones). */
  private void register(int accounts) throws Exception {
    URI base = URI.create(url);
    String origin = base.getScheme() + "://" + base.getRawAuthority();
    AtomicInteger account = new AtomicInteger();
    List<CompletableFuture<Void>> workers = new ArrayList<>();
    for (int i = 0; i < REGISTERING; i++) {
      workers.add(CompletableFuture.runAsync(() -> {
        for (int n = account.incrementAndGet(); n <= accounts; n = account.incrementAndGet()) {
          SoftwareAuthenticator authenticator = new SoftwareAuthenticator(origin, base.getHost());
          String jwt = result(post("/_login/local", new JsonObject().put("username", email(n)).put("password", password), null),
            true).getString("jwt");
          JsonObject options = result(post("/_me/passkeys/_options", new JsonObject(), jwt), false);
          result(post("/_me/passkeys", new JsonObject().put("credential", authenticator.register(options)), jwt), false);
          passkeys.add(authenticator);
        }
      }));
    }
    CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new)).get();
    System.err.println("registered " + passkeys.size() + " passkeys");
  }

  private void closedLoop(int connections, long seconds) throws Exception {
    Timings timings = new Timings();
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    List<CompletableFuture<Void>> loops = new ArrayList<>();
    for (int i = 0; i < connections; i++) {
      CompletableFuture<Void> loop = new CompletableFuture<>();
      loop(end, timings, loop);
      loops.add(loop);
    }
    CompletableFuture.allOf(loops.toArray(CompletableFuture[]::new)).get();
    timings.print("BENCH");
  }

  private void loop(long end, Timings timings, CompletableFuture<Void> finished) {
    if (System.nanoTime() >= end) {
      finished.complete(null);
      return;
    }
    long began = System.nanoTime();
    passkeySignIn().whenComplete((ok, failure) -> {
      timings.add(began, failure == null && ok);
      loop(end, timings, finished);
    });
  }

  /** Every 1/rate s a sign-in is due: one in five with a password (accounts after the passkeys' own), the rest with a passkey. */
  private void doorsOpen(double rate, long seconds, int accounts) throws Exception {
    Timings passkeyTimes = new Timings();
    Timings passwordTimes = new Timings();
    ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
    long periodNanos = (long) (1_000_000_000L / rate);
    long due = (long) (rate * seconds);
    AtomicLong issued = new AtomicLong();
    AtomicLong pending = new AtomicLong();
    long start = System.nanoTime();
    CompletableFuture<Void> allDue = new CompletableFuture<>();
    clock.scheduleAtFixedRate(() -> {
      long i = issued.getAndIncrement();
      if (i >= due) {
        allDue.complete(null);
        return;
      }
      long intended = start + i * periodNanos;
      boolean withPassword = i % 5 == 4;
      pending.incrementAndGet();
      CompletableFuture<Boolean> signIn = withPassword ? passwordSignIn(accounts + 1 + (int) (i / 5)) : passkeySignIn();
      signIn.whenComplete((ok, failure) -> {
        (withPassword ? passwordTimes : passkeyTimes).add(intended, failure == null && ok);
        pending.decrementAndGet();
      });
    }, 0, periodNanos, TimeUnit.NANOSECONDS);
    allDue.get();
    clock.shutdownNow();
    while (pending.get() > 0) {
      Thread.sleep(50);
    }
    passkeyTimes.print("BENCH");
    passwordTimes.print("BENCH_PASSWORDS");
  }

  private CompletableFuture<Boolean> passkeySignIn() {
    SoftwareAuthenticator authenticator = passkeys.get(Math.floorMod(next.getAndIncrement(), passkeys.size()));
    return send(post("/_login/passkey/_challenge", new JsonObject(), null)).thenCompose(challenge -> challenge.statusCode() != 200
      ? CompletableFuture.completedFuture(false)
      : send(post("/_login/passkey", new JsonObject().put("credential",
          authenticator.sign(new JsonObject(challenge.body()).getJsonObject("result"))), null))
        .thenApply(login -> login.statusCode() == 200));
  }

  private CompletableFuture<Boolean> passwordSignIn(int account) {
    return send(post("/_login/local", new JsonObject().put("username", email(account)).put("password", password), null))
      .thenApply(login -> login.statusCode() == 200);
  }

  private HttpRequest post(String path, JsonObject body, String jwt) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(30))
      .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.encode()));
    if (jwt != null) {
      request.header("Authorization", "Bearer " + jwt);
    }
    return request.build();
  }

  private CompletableFuture<HttpResponse<String>> send(HttpRequest request) {
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }

  /** @param retryWhenBusy whether to wait and ask again when the service is overloaded (a busy machine's hash queue) */
  private JsonObject result(HttpRequest request, boolean retryWhenBusy) {
    HttpResponse<String> response = send(request).join();
    while (retryWhenBusy && response.statusCode() == 503) {
      pause(response.headers().firstValueAsLong("Retry-After").orElse(1));
      response = send(request).join();
    }
    if (response.statusCode() != 200) {
      throw new IllegalStateException(request.uri().getPath() + " answered " + response.statusCode() + ": " + response.body());
    }
    return new JsonObject(response.body()).getJsonObject("result");
  }

  private static void pause(long seconds) {
    try {
      Thread.sleep(seconds * 1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String email(int n) {
    return "bench-a" + n + "@loadtest.invalid";
  }

  /** Latencies and outcomes of one kind of sign-in, printed as wrk's BENCH line. */
  private static final class Timings {

    private final long start = System.nanoTime();
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();

    void add(long began, boolean ok) {
      done.incrementAndGet();
      latencies.add((System.nanoTime() - began) / 1000);
      if (!ok) {
        errors.incrementAndGet();
      }
    }

    void print(String label) {
      long elapsedUs = (System.nanoTime() - start) / 1000;
      List<Long> sorted = new ArrayList<>(latencies);
      Collections.sort(sorted);
      System.out.printf("%s requests=%d duration_us=%d errors=%d refused=0 p50_us=%d p99_us=%d p999_us=%d%n", label, done.get(),
        elapsedUs, errors.get(), percentile(sorted, 0.50), percentile(sorted, 0.99), percentile(sorted, 0.999));
    }

    private static long percentile(List<Long> sorted, double p) {
      return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }
  }
}
