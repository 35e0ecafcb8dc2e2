import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The botnet phase of bench/run's attack scenario (docs/security.md#reserved-hashing): wrong passwords sprayed over many
 * names from BOTS loopback addresses (127.0.1.0 and up: each client socket bound to its own source, no proxy header), at
 * FLOOD_RATE, while people log in at PEOPLE_RATE, half of them returning (they signed in before this run's phases and send
 * their device marker back), half first-timers (accounts no phase has used). People come through the trusted proxy
 * (127.0.0.1, X-Forwarded-For), each from an address of its own. First alone, then beside the flood, SECONDS each.
 *
 * <pre>java -cp lanyard.jar bench/AttackBench.java URL SECONDS PEOPLE_RATE FLOOD_RATE BOTS USERS PASSWORD</pre>
 *
 * Prints one line: {@code ATTACK returning_alone=… returning_flood=… first_alone=… first_flood=… flood_evaluated=…
 * flood_refused=… flood_locked=… people_refused_alone={…} people_refused_flood={…} markers=…}, rates in logins (or
 * guesses) per second, then the people's other answers by status (0: none) and how many returning people hold a marker.
 */
public final class AttackBench {

  /** Accounts that sign in before the phases and keep their marker: the returning people. */
  private static final int RETURNING = 200;

  private final Vertx vertx = Vertx.vertx();
  private final URI url;
  private final int users;
  private final String password;
  private final WebClient people;
  private final Map<Integer, String> markers = new ConcurrentHashMap<>();
  private final AtomicInteger nextFirstTimer;
  private final AtomicLong sourceCounter = new AtomicLong();

  private AttackBench(URI url, int users, String password) {
    this.url = url;
    this.users = users;
    this.password = password;
    this.people = WebClient.create(vertx, options("127.0.0.1"), new PoolOptions().setHttp1MaxSize(128));
    // first-timers: the upper half of the seeded accounts, in order, each used once
    this.nextFirstTimer = new AtomicInteger(users / 2 + 1);
  }

  public static void main(String[] args) throws Exception {
    URI url = URI.create(args[0]);
    int seconds = Integer.parseInt(args[1]);
    double peopleRate = Double.parseDouble(args[2]);
    double floodRate = Double.parseDouble(args[3]);
    int bots = Integer.parseInt(args[4]);
    AttackBench bench = new AttackBench(url, Integer.parseInt(args[5]), args[6]);
    try {
      bench.signInReturningPeople();
      Counts alone = bench.phase(seconds, peopleRate, 0, bots);
      Counts flood = bench.phase(seconds, peopleRate, floodRate, bots);
      System.out.printf("ATTACK returning_alone=%.1f returning_flood=%.1f first_alone=%.1f first_flood=%.1f "
          + "flood_evaluated=%.1f flood_refused=%.1f flood_locked=%.1f people_refused_alone=%s people_refused_flood=%s "
          + "markers=%d%n",
        alone.rate(alone.returningIn, seconds), flood.rate(flood.returningIn, seconds),
        alone.rate(alone.firstIn, seconds), flood.rate(flood.firstIn, seconds),
        flood.rate(flood.floodEvaluated, seconds), flood.rate(flood.floodRefused, seconds),
        flood.rate(flood.floodLocked, seconds), alone.peopleRefused, flood.peopleRefused, bench.markers.size());
    } finally {
      bench.vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
  }

  /** What one phase counted. */
  private static final class Counts {
    final AtomicLong returningIn = new AtomicLong();
    final AtomicLong firstIn = new AtomicLong();
    final AtomicLong floodEvaluated = new AtomicLong();
    final AtomicLong floodRefused = new AtomicLong();
    final AtomicLong floodLocked = new AtomicLong();
    /** The people's other answers by status (0: no answer), returning and first-timers apart: why they did not get in. */
    final Map<String, AtomicLong> peopleRefused = new ConcurrentHashMap<>();

    double rate(AtomicLong count, int seconds) {
      return count.get() / (double) seconds;
    }
  }

  /** The returning people sign in once, a few at a time, and keep the marker each login answers. */
  private void signInReturningPeople() throws Exception {
    List<Future<?>> logins = new ArrayList<>();
    for (int user = 1; user <= RETURNING; user++) {
      int account = user;
      logins.add(login(people, seeded(account), password, null, nextPersonSource()).map(reply -> {
        String marker = reply.statusCode() == 200 ? reply.bodyAsJsonObject().getJsonObject("result").getString("deviceToken")
          : null;
        if (marker != null) {
          markers.put(account, marker);
        }
        return marker;
      }));
      if (logins.size() % 8 == 0) {
        Future.join(new ArrayList<>(logins)).toCompletionStage().toCompletableFuture().get(120, TimeUnit.SECONDS);
      }
    }
    Future.join(logins).toCompletionStage().toCompletableFuture().handle((done, failure) -> done).get(120, TimeUnit.SECONDS);
  }

  /** People (half returning, half first-timers) at peopleRate, and the botnet at floodRate when it is above 0. */
  private Counts phase(int seconds, double peopleRate, double floodRate, int bots) throws Exception {
    Counts counts = new Counts();
    List<WebClient> botnet = new ArrayList<>();
    for (int i = 0; i < (floodRate > 0 ? bots : 0); i++) {
      botnet.add(WebClient.create(vertx, options("127.0.1." + i), new PoolOptions().setHttp1MaxSize(4)));
    }
    AtomicInteger inFlight = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(1);
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(seconds);
    pace(peopleRate, start, end, inFlight, index -> {
      boolean returning = index % 2 == 0;
      int account = returning ? (int) (index / 2 % RETURNING) + 1 : nextFirstTimer.getAndIncrement();
      return login(people, seeded(account), password, returning ? markers.get(account) : null, nextPersonSource())
        .onComplete(answered -> {
          int status = answered.succeeded() ? answered.result().statusCode() : 0;
          if (status == 200) {
            (returning ? counts.returningIn : counts.firstIn).incrementAndGet();
          } else {
            counts.peopleRefused.computeIfAbsent((returning ? "returning_" : "first_") + status, key -> new AtomicLong())
              .incrementAndGet();
          }
        });
    });
    if (floodRate > 0) {
      pace(floodRate, start, end, inFlight, index -> {
        WebClient bot = botnet.get((int) (index % botnet.size()));
        // many names: seeded accounts between the returning people and the first-timers, and names nobody has
        String name = index % 2 == 0 ? seeded((int) (RETURNING + 1 + index / 2 % (users / 2 - RETURNING)))
          : "spray-" + index + "@attack.example";
        return login(bot, name, "Winter2026!", null, null).onSuccess(reply -> {
          switch (reply.statusCode()) {
            case 401 -> counts.floodEvaluated.incrementAndGet();
            case 503 -> counts.floodRefused.incrementAndGet();
            case 429 -> counts.floodLocked.incrementAndGet();
            default -> { }
          }
        });
      });
    }
    vertx.setPeriodic(100, timer -> {
      if (System.nanoTime() - end > 0 && inFlight.get() == 0) {
        vertx.cancelTimer(timer);
        done.countDown();
      }
    });
    done.await(seconds + 120L, TimeUnit.SECONDS);
    botnet.forEach(WebClient::close);
    return counts;
  }

  /** Sends {@code send(index)} at {@code rate} per second from {@code start} to {@code end}, open loop. */
  private void pace(double rate, long start, long end, AtomicInteger inFlight,
                    java.util.function.LongFunction<Future<?>> send) {
    long intervalNanos = (long) (1e9 / rate);
    AtomicLong sent = new AtomicLong();
    vertx.setPeriodic(5, timer -> {
      long now = System.nanoTime();
      long due = Math.min((now - start) / intervalNanos, (end - start) / intervalNanos);
      while (sent.get() < due) {
        long index = sent.getAndIncrement();
        inFlight.incrementAndGet();
        send.apply(index).onComplete(reply -> inFlight.decrementAndGet());
      }
      if (now - end > 0) {
        vertx.cancelTimer(timer);
      }
    });
  }

  private Future<HttpResponse<Buffer>> login(WebClient client, String username, String secret, String marker,
                                            String forwardedFor) {
    var request = client.post(url.getPort(), url.getHost(), "/_login/local").putHeader("Content-Type", "application/json");
    if (marker != null) {
      request.putHeader("X-Lanyard-Device", marker);
    }
    if (forwardedFor != null) {
      request.putHeader("X-Forwarded-For", forwardedFor);
    }
    return request.timeout(60_000).sendBuffer(new JsonObject().put("username", username).put("password", secret).toBuffer());
  }

  private String nextPersonSource() {
    long n = sourceCounter.incrementAndGet();
    return String.format("10.%d.%d.%d", (n >> 16) & 255, (n >> 8) & 255, n & 255);
  }

  private static WebClientOptions options(String localAddress) {
    return new WebClientOptions().setLocalAddress(localAddress).setKeepAlive(true);
  }

  private static String seeded(int n) {
    return "bench-a" + n + "@loadtest.invalid";
  }
}
