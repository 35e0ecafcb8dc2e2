package io.lanyard.loadtest;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/** Data no other virtual user sends: new addresses in the synthetic domain, fresh profile values. */
final class Unique {

  private static final List<String> FIRSTNAMES = List.of("Ann", "Bob", "Chloé", "Dev", "Emil", "Fatou", "Gus", "Hana");
  private static final List<String> CITIES = List.of("Lyon", "Paris", "Lille", "Nantes", "Köln", "Milano", "Gent");
  /** Differs between runs, so a second run against the same database creates new addresses too. */
  private static final String RUN = Long.toString(System.currentTimeMillis(), 36);
  private static final AtomicLong COUNTER = new AtomicLong();

  private Unique() {
  }

  /** Feeder records {@code newEmail}: {@code lt-<run>-<n>@<domain>}. */
  static Iterator<Map<String, Object>> addresses(String prefix, String domain) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return true;
      }

      @Override
      public Map<String, Object> next() {
        return Map.of("newEmail", prefix + "-" + RUN + "-" + COUNTER.incrementAndGet() + "@" + domain);
      }
    };
  }

  static String firstname() {
    return FIRSTNAMES.get(ThreadLocalRandom.current().nextInt(FIRSTNAMES.size())) + COUNTER.incrementAndGet();
  }

  static String city() {
    return CITIES.get(ThreadLocalRandom.current().nextInt(CITIES.size()));
  }
}
