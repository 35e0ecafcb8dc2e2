package io.lanyard.platform.support;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What the per-source limits count a request's source by, and which sources they leave alone (the allow-list of a venue's
 * network and partners' back ends). An IPv6 source is counted by its /64: that is what one subscriber, one phone or one
 * cloud machine is given, so a client cannot walk through 2^64 addresses of its own to look like a new source each time (and
 * flood a bounded table with them).
 *
 * @param allowlist sources never counted
 */
public record SourceKeys(AddressRanges allowlist) {

  public static final SourceKeys NO_ALLOWLIST = new SourceKeys(AddressRanges.NONE);

  private static final int IPV6_PREFIX_BYTES = 8;

  /**
   * @param source the request's source as the web layer gives it (canonical text), or null
   * @return the key to count it by; empty when the allow-list holds it
   */
  public Optional<String> countedAs(String source) {
    Optional<InetAddress> address = source == null ? Optional.empty() : AddressRanges.literal(source);
    if (address.isPresent() && !allowlist.isEmpty() && allowlist.contains(address.get())) {
      return Optional.empty();
    }
    return Optional.of(address.map(SourceKeys::keyOf).orElse(String.valueOf(source)));
  }

  /** An IPv4 address as itself; an IPv6 address as its /64 ({@code 2001:db8:0:1::/64} as {@code 20010db800000001/64}). */
  static String keyOf(InetAddress address) {
    if (address instanceof Inet6Address) {
      return HexFormat.of().formatHex(address.getAddress(), 0, IPV6_PREFIX_BYTES) + "/64";
    }
    return address.getHostAddress();
  }
}
