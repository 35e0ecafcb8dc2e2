package io.lanyard.model.accounts;

import io.lanyard.platform.support.SecretTokens;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The names that signed in successfully lately, in this instance's memory, so that their next attempts are hashed in the
 * part of the queue a flood cannot take (docs/security.md#reserved-hashing). Bounded: the oldest entry goes once
 * {@code maxNames} are held; an entry is good for {@code keep}. Kept by the SHA-256 of the name, never the name itself.
 */
public final class RecentSignIns {

  private final int maxNames;
  private final long keepNanos;
  private final LongSupplier clock;
  /** Name hash to when it last signed in (nano time), oldest first; under this object's lock. */
  private final LinkedHashMap<String, Long> names;

  public RecentSignIns(int maxNames, Duration keep) {
    this(maxNames, keep, System::nanoTime);
  }

  RecentSignIns(int maxNames, Duration keep, LongSupplier clock) {
    this.maxNames = maxNames;
    this.keepNanos = keep.toNanos();
    this.clock = clock;
    this.names = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
        return size() > RecentSignIns.this.maxNames;
      }
    };
  }

  /** {@code email} (normalised) signed in now. */
  public synchronized void signedIn(String email) {
    names.put(SecretTokens.sha256Hex(email), clock.getAsLong());
  }

  /** Whether {@code email} (normalised) signed in within the last {@code keep}. */
  public synchronized boolean contains(String email) {
    Long at = names.get(SecretTokens.sha256Hex(email));
    return at != null && clock.getAsLong() - at < keepNanos;
  }
}
