package io.lanyard.platform.support;

import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.NetUtil;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;

/**
 * A set of IP address ranges in CIDR notation ({@code 10.0.0.0/8}, {@code 2001:db8::/32}; a bare address is a range of one),
 * matched with Netty's subnet rules. Addresses are compared as addresses, never as text, so {@code ::ffff:10.0.0.1} and
 * {@code 10.0.0.1} need their own entries, as on any firewall.
 */
public final class AddressRanges {

  public static final AddressRanges NONE = new AddressRanges(List.of(), List.of());

  private final List<IpSubnetFilterRule> rules;
  /** The entries that hold every address of their family ({@code 0.0.0.0/0}, {@code ::/0}), as written. */
  private final List<String> everyAddress;

  private AddressRanges(List<IpSubnetFilterRule> rules, List<String> everyAddress) {
    this.rules = rules;
    this.everyAddress = everyAddress;
  }

  /** @throws IllegalArgumentException naming the first entry that is not an address or a CIDR range */
  public static AddressRanges parse(List<String> entries) {
    List<IpSubnetFilterRule> rules = entries.stream().map(AddressRanges::rule).toList();
    // every entry is well-formed by now
    return new AddressRanges(rules, entries.stream().map(String::trim)
      .filter(entry -> entry.contains("/") && Integer.parseInt(entry.substring(entry.indexOf('/') + 1)) == 0).toList());
  }

  /** The entries that hold every IPv4 or every IPv6 address (a prefix of length 0), as written. */
  public List<String> everyAddressEntries() {
    return everyAddress;
  }

  public boolean isEmpty() {
    return rules.isEmpty();
  }

  public boolean contains(InetAddress address) {
    InetSocketAddress socket = new InetSocketAddress(address, 0);
    for (IpSubnetFilterRule rule : rules) {
      if (rule.matches(socket)) {
        return true;
      }
    }
    return false;
  }

  /** An address literal (never a host name: no DNS look-up is made), or empty when the text is not one. */
  public static Optional<InetAddress> literal(String text) {
    String trimmed = text.trim();
    if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
      trimmed = trimmed.substring(1, trimmed.length() - 1);
    }
    return Optional.ofNullable(NetUtil.createInetAddressFromIpAddressString(trimmed));
  }

  private static IpSubnetFilterRule rule(String entry) {
    String text = entry.trim();
    int slash = text.indexOf('/');
    String address = slash < 0 ? text : text.substring(0, slash);
    InetAddress parsed = literal(address).orElseThrow(() -> new IllegalArgumentException(entry));
    int maxBits = parsed.getAddress().length * 8;
    int bits;
    try {
      bits = slash < 0 ? maxBits : Integer.parseInt(text.substring(slash + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(entry);
    }
    if (bits < 0 || bits > maxBits) {
      throw new IllegalArgumentException(entry);
    }
    return new IpSubnetFilterRule(parsed, bits, IpFilterRuleType.ACCEPT);
  }
}
