package io.lanyard.services.mail;

import io.lanyard.platform.config.LanyardConfig;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether {@code smtp.from} is still the shipped placeholder ({@code no-reply@localhost}) while mail goes to a real SMTP server
 * (not on this host): receivers refuse or file as spam a sender whose domain is {@code localhost}, which no SPF or DKIM record
 * can vouch for. A mail catcher on this host (development) is fine.
 */
final class SenderAddress {

  private static final String PLACEHOLDER_DOMAIN = "localhost";
  private static final Set<String> LOOPBACK = Set.of("localhost", "::1", "[::1]");

  private SenderAddress() {
  }

  /** The warning to log once at start, or empty. */
  static Optional<String> warning(LanyardConfig config) {
    LanyardConfig.Smtp smtp = config.smtp();
    if (config.mail().mode() != LanyardConfig.MailMode.SEND || isLoopback(smtp.host())
      || !domainOf(smtp.from()).equals(PLACEHOLDER_DOMAIN)) {
      return Optional.empty();
    }
    return Optional.of("smtp.from (LANYARD_MAIL_FROM) is still " + smtp.from() + " while mail goes to " + smtp.host()
      + ": receivers refuse or mark as spam a sender at localhost; set it to an address of the fair's own domain, "
      + "one its SPF and DKIM records cover (docs/operating.md, \"The sender address\")");
  }

  /** The domain of {@code Name <local@domain>} or {@code local@domain}, lower case. */
  static String domainOf(String from) {
    String address = from.contains("<") && from.contains(">")
      ? from.substring(from.lastIndexOf('<') + 1, from.lastIndexOf('>')) : from;
    return address.substring(address.lastIndexOf('@') + 1).strip().toLowerCase(Locale.ROOT);
  }

  private static boolean isLoopback(String host) {
    String lower = host.strip().toLowerCase(Locale.ROOT);
    return LOOPBACK.contains(lower) || lower.startsWith("127.");
  }
}
