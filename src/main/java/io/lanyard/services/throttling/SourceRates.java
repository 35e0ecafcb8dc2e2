package io.lanyard.services.throttling;

import io.lanyard.model.api.TooManyRequests;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.Rate;
import io.lanyard.platform.support.AddressRanges;
import io.lanyard.platform.support.SourceKeys;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The per-source rates of docs/decisions.md §7, per instance: a token bucket per source and kind of route, spent by every request
 * of that kind (well-formed or not, successful or not). Sources in {@code security.sourceAllowlist} spend nothing; an IPv6
 * source is counted by its /64 ({@link SourceKeys}).
 */
public final class SourceRates {

  /** Which budget a request spends. */
  public enum Kind {
    /** Requests that cost a bcrypt hash: login, createWithPassword, activate, resetPassword, current-password checks. */
    CREDENTIALS,
    /** Requests that mail an address anyone may type: create, requestPasswordReset. */
    MAIL
  }

  /**
   * Sources remembered per kind. About 150 bytes each (the key, its bucket, the map's entry): at most ~8 MB per kind. A
   * bucket left alone for one period is full and forgotten first; only more distinct sources than this within one period
   * (a botnet, which per-source limits cannot stop anyway: the lockout and the CAPTCHA do) makes the table start afresh.
   */
  static final int MAX_SOURCES = 50_000;

  private static final SourceRates NONE = new SourceRates(new EnumMap<>(Kind.class), SourceKeys.NO_ALLOWLIST);

  private final Map<Kind, TokenBuckets> buckets;
  private final SourceKeys keys;

  private SourceRates(Map<Kind, TokenBuckets> buckets, SourceKeys keys) {
    this.buckets = buckets;
    this.keys = keys;
  }

  public static SourceRates of(LanyardConfig.Security security) {
    Map<Kind, TokenBuckets> buckets = new EnumMap<>(Kind.class);
    LanyardConfig.SourceRates rates = security.sourceRates();
    rates.credentials().ifPresent(rate -> buckets.put(Kind.CREDENTIALS, new TokenBuckets(rate, MAX_SOURCES)));
    rates.mail().ifPresent(rate -> buckets.put(Kind.MAIL, new TokenBuckets(rate, MAX_SOURCES)));
    return new SourceRates(buckets, new SourceKeys(security.sourceAllowlist()));
  }

  /** For tests: the given rates, an allowlist. */
  static SourceRates of(Map<Kind, Rate> rates, AddressRanges allowlist, int maxSources) {
    Map<Kind, TokenBuckets> buckets = new EnumMap<>(Kind.class);
    rates.forEach((kind, rate) -> buckets.put(kind, new TokenBuckets(rate, maxSources)));
    return new SourceRates(buckets, new SourceKeys(allowlist));
  }

  /** No limit at all. */
  public static SourceRates none() {
    return NONE;
  }

  /**
   * Spends one request of {@code kind} from {@code source}: a map lookup, no I/O.
   *
   * @param source the request's source as {@code http/RequestSources} gives it (canonical text)
   * @return empty when the request may go on; else the 429 to answer ({@code Retry-After}: when the next token is there)
   */
  public Optional<TooManyRequests> take(Kind kind, String source) {
    TokenBuckets limit = buckets.get(kind);
    if (limit == null) {
      return Optional.empty();
    }
    return keys.countedAs(source).flatMap(limit::take)
      .map(wait -> TooManyRequests.of(TooManyRequests.Reason.SOURCE_RATE, wait));
  }

  /** Sources held now for {@code kind} (for tests). */
  int size(Kind kind) {
    TokenBuckets limit = buckets.get(kind);
    return limit == null ? 0 : limit.size();
  }
}
