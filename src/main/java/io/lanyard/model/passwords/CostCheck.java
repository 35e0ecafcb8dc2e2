package io.lanyard.model.passwords;

import at.favre.lib.crypto.bcrypt.BCrypt;
import io.lanyard.platform.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * Is {@code security.bcryptCost} one this machine can serve? Each step of the cost doubles a hash's time, so a cost is timed
 * from one hash at a cost no higher than {@link #PROBE_COST} (some 50 ms on a server core) and doubled up to it: a cost whose
 * hash would take over {@link #WARN_ABOVE} is warned about (each login then waits that long, and the hash bound is a few a
 * second per core); one over {@link #REFUSE_ABOVE} is refused, since start-up alone would block that long, and every login
 * then times out.
 */
final class CostCheck {

  static final int PROBE_COST = 10;
  static final Duration WARN_ABOVE = Duration.ofSeconds(1);
  /** Ten times the warning: a busy machine's start may time a hash a few times slower than it is. */
  static final Duration REFUSE_ABOVE = Duration.ofSeconds(10);
  private static final Logger log = LoggerFactory.getLogger(CostCheck.class);

  private final int cost;
  private final Duration estimate;

  /** @param probeTime how long one hash at {@code min(cost, PROBE_COST)} took */
  CostCheck(int cost, Duration probeTime) {
    this.cost = cost;
    // cost is at most 31 (the setting's bound), so at most 21 doublings: no overflow
    this.estimate = probeTime.multipliedBy(1L << Math.max(0, cost - PROBE_COST));
  }

  /** Times one hash at the cost, or at {@link #PROBE_COST} when the cost is higher. */
  static CostCheck of(int cost) {
    long started = System.nanoTime();
    BCrypt.withDefaults().hash(Math.min(cost, PROBE_COST), "a password to time".getBytes(StandardCharsets.UTF_8));
    return new CostCheck(cost, Duration.ofNanos(System.nanoTime() - started));
  }

  /** @throws ConfigException when a hash at this cost would take longer than {@link #REFUSE_ABOVE} */
  void judge() {
    if (estimate.compareTo(REFUSE_ABOVE) > 0) {
      throw new ConfigException("Invalid setting security.bcryptCost (LANYARD_BCRYPT_COST): " + cost + " takes about "
        + seconds() + " s a hash on this machine (above " + REFUSE_ABOVE.toSeconds() + " s: start-up would block as long, "
        + "and every login time out); each step down halves it, 10 to 12 is usual");
    }
    if (estimate.compareTo(WARN_ABOVE) > 0) {
      log.warn("security.bcryptCost (LANYARD_BCRYPT_COST) {} takes about {} s a hash on this machine: each login waits as "
        + "long, and a core checks fewer than one password a second; each step down halves it", cost, seconds());
    }
  }

  private String seconds() {
    return String.format(Locale.ROOT, "%.1f", estimate.toMillis() / 1000.0);
  }
}
