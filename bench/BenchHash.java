import at.favre.lib.crypto.bcrypt.BCrypt;

import java.nio.charset.StandardCharsets;

/**
 * The bench's bcrypt helper, run as a single-file program on the service jar's classpath (the same bcrypt library):
 * {@code bound COST SECONDS} prints how many verifications one thread completes per second, the unit of the login hash bound
 * (× cores). (Accounts are seeded by the service's own {@code users seed --synthetic}.)
 */
public final class BenchHash {

  public static void main(String[] args) {
    if (!args[0].equals("bound")) {
      throw new IllegalArgumentException("usage: BenchHash bound COST SECONDS");
    }
    int cost = Integer.parseInt(args[1]);
    double seconds = Double.parseDouble(args[2]);
    byte[] password = "bench password".getBytes(StandardCharsets.UTF_8);
    byte[] hash = BCrypt.withDefaults().hash(cost, password);
    BCrypt.verifyer().verify(password, hash); // warm-up: class loading and JIT out of the measure
    long started = System.nanoTime();
    long deadline = started + (long) (seconds * 1e9);
    int done = 0;
    while (System.nanoTime() < deadline) {
      if (!BCrypt.verifyer().verify(password, hash).verified) {
        throw new IllegalStateException("bcrypt verification failed");
      }
      done++;
    }
    System.out.printf("%.2f%n", done / ((System.nanoTime() - started) / 1e9));
  }
}
