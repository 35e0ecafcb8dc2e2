package io.lanyard.services.throttling;

import io.lanyard.model.api.TooManyRequests;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.Rate;
import io.lanyard.platform.support.AddressRanges;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The per-source rates of docs/decisions.md §7, per instance: a token bucket per source and kind of route, spent by every request
 * of that kind (well-formed or not, successful or not). Sources in {@code security.sourceAllowlist} spend nothing.
 *
 * <p>An IPv6 source is counted by its /64: that is what one subscriber, one phone or one cloud machine is given, so a client
 * cannot walk through 2^64 addresses of its own to get a fresh bucket each time (and flood the bounded table with them).
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

  private static final SourceRates NONE = new SourceRates(new EnumMap<>(Kind.class), AddressRanges.NONE);
  private static final int IPV6_PREFIX_BYTES = 8;

  private final Map<Kind, TokenBuckets> buckets;
  private final AddressRanges allowlist;

  private SourceRates(Map<Kind, TokenBuckets> buckets, AddressRanges allowlist) {
    this.buckets = buckets;
    this.allowlist = allowlist;
  }

  public static SourceRates of(LanyardConfig.Security security) {
    Map<Kind, TokenBuckets> buckets = new EnumMap<>(Kind.class);
    LanyardConfig.SourceRates rates = security.sourceRates();
    rates.credentials().ifPresent(rate -> buckets.put(Kind.CREDENTIALS, new TokenBuckets(rate, MAX_SOURCES)));
    rates.mail().ifPresent(rate -> buckets.put(Kind.MAIL, new TokenBuckets(rate, MAX_SOURCES)));
    return new SourceRates(buckets, security.sourceAllowlist());
  }

  /** For tests: the given rates, an allowlist. */
  static SourceRates of(Map<Kind, Rate> rates, AddressRanges allowlist, int maxSources) {
    Map<Kind, TokenBuckets> buckets = new EnumMap<>(Kind.class);
    rates.forEach((kind, rate) -> buckets.put(kind, new TokenBuckets(rate, maxSources)));
    return new SourceRates(buckets, allowlist);
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
    Optional<InetAddress> address = source == null ? Optional.empty() : AddressRanges.literal(source);
    if (address.isPresent() && !allowlist.isEmpty() && allowlist.contains(address.get())) {
      return Optional.empty();
    }
    return limit.take(address.map(SourceRates::keyOf).orElse(String.valueOf(source)))
      .map(wait -> TooManyRequests.of(TooManyRequests.Reason.SOURCE_RATE, wait));
  }

  /** Sources held now for {@code kind} (for tests). */
  int size(Kind kind) {
    TokenBuckets limit = buckets.get(kind);
    return limit == null ? 0 : limit.size();
  }

  /** An IPv4 address as itself; an IPv6 address as its /64 ({@code 2001:db8:0:1::/64} as {@code 20010db800000001/64}). */
  static String keyOf(InetAddress address) {
    if (address instanceof Inet6Address) {
      return HexFormat.of().formatHex(address.getAddress(), 0, IPV6_PREFIX_BYTES) + "/64";
    }
    return address.getHostAddress();
  }
}
