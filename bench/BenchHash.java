import at.favre.lib.crypto.bcrypt.BCrypt;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CyclicBarrier;

/**
 * The bench's bcrypt helper, run as a single-file program on the service jar's classpath (the same bcrypt library):
 * {@code bound COST SECONDS THREADS} prints how many verifications THREADS threads hashing at once complete per second:
 * the login hash bound when THREADS is the machine's cores. Measured together rather than as one thread times the cores,
 * because cores that share caches and a power budget each verify fewer when all of them hash (some 4 % fewer on a 2-core
 * machine), and the service's hash threads hash side by side. The threads warm up together first, so the measure starts
 * with bcrypt compiled and every core busy. {@code hash COST PASSWORD} prints a bcrypt hash of PASSWORD, for import files
 * (bench/import). (The bench's accounts are seeded by the service's own {@code users seed --synthetic}.)
 */
public final class BenchHash {

  private static final byte[] PASSWORD = "bench password".getBytes(StandardCharsets.UTF_8);
  private static final long WARM_UP_NANOS = 3_000_000_000L;

  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("hash")) {
      System.out.println(BCrypt.withDefaults().hashToString(Integer.parseInt(args[1]), args[2].toCharArray()));
      return;
    }
    if (args.length != 4 || !args[0].equals("bound")) {
      throw new IllegalArgumentException("usage: BenchHash bound COST SECONDS THREADS | hash COST PASSWORD");
    }
    int cost = Integer.parseInt(args[1]);
    long measureNanos = (long) (Double.parseDouble(args[2]) * 1e9);
    int threads = Integer.parseInt(args[3]);
    byte[] hash = BCrypt.withDefaults().hash(cost, PASSWORD);
    long warmUpEnds = System.nanoTime() + WARM_UP_NANOS;
    CyclicBarrier warmedUp = new CyclicBarrier(threads);
    Hasher[] hashers = new Hasher[threads];
    for (int i = 0; i < threads; i++) {
      hashers[i] = new Hasher(hash, warmUpEnds, measureNanos, warmedUp);
      hashers[i].start();
    }
    double perSecond = 0;
    for (Hasher hasher : hashers) {
      hasher.join();
      perSecond += hasher.perSecond;
    }
    System.out.printf("%.2f%n", perSecond);
  }

  /**
   * One core's hashing: verifies until the warm-up ends, waits for the others, then verifies for the measure's length.
   * Its rate is the verifications it finished over the time they took (up to the last one's end), so the verification
   * cut short by the window's close neither counts nor lowers the rate.
   */
  private static final class Hasher extends Thread {

    private final byte[] hash;
    private final long warmUpEnds;
    private final long measureNanos;
    private final CyclicBarrier warmedUp;
    private double perSecond;

    Hasher(byte[] hash, long warmUpEnds, long measureNanos, CyclicBarrier warmedUp) {
      this.hash = hash;
      this.warmUpEnds = warmUpEnds;
      this.measureNanos = measureNanos;
      this.warmedUp = warmedUp;
    }

    @Override
    public void run() {
      while (System.nanoTime() < warmUpEnds) {
        verify();
      }
      try {
        warmedUp.await();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      long started = System.nanoTime();
      long lastFinished = started;
      int verified = 0;
      while (lastFinished - started < measureNanos) {
        verify();
        lastFinished = System.nanoTime();
        verified++;
      }
      perSecond = verified / ((lastFinished - started) / 1e9);
    }

    private void verify() {
      if (!BCrypt.verifyer().verify(PASSWORD, hash).verified) {
        throw new IllegalStateException("bcrypt verification failed");
      }
    }
  }
}
