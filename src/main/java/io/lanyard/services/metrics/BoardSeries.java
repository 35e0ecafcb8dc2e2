package io.lanyard.services.metrics;

/**
 * What the console's live board draws, per minute: counted series add up what every instance counted in the minute; sampled
 * series keep the highest reading of the minute (the mail outbox, the same for every instance that reads it).
 */
public enum BoardSeries {
  SIGNUPS("signups", false),
  ACTIVATIONS("activations", false),
  LOGINS("logins", false),
  REFUSALS("refusals", false),
  LOCKOUTS("lockouts", false),
  THROTTLED("throttled", false),
  UNAVAILABLE("unavailable", false),
  MAIL_PENDING("mail_pending", true),
  MAIL_DEAD("mail_dead", true);

  private final String wireName;
  private final boolean sampled;

  BoardSeries(String wireName, boolean sampled) {
    this.wireName = wireName;
    this.sampled = sampled;
  }

  /** Its name in the {@code board_minutes} table and in the console's page. */
  public String wireName() {
    return wireName;
  }

  /** A reading of a level (the mail waiting), not a count of events. */
  public boolean isSampled() {
    return sampled;
  }

  static BoardSeries of(String wireName) {
    for (BoardSeries series : values()) {
      if (series.wireName.equals(wireName)) {
        return series;
      }
    }
    throw new IllegalArgumentException("no board series " + wireName);
  }
}
