package io.lanyard.platform.config;

import io.lanyard.platform.support.AddressRanges;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Settings each valid alone that together, or at their extremes, leave a deployment open or broken without a word: refused
 * when no deployment can mean them, warned about (one line each, naming the setting) when some may. Each setting's own
 * bounds are checked where it is read; these are the checks across settings, or past what a bound can say.
 */
public final class RiskySettings {

  /** Clocks further apart than this need NTP, not a wider leeway: a token dated an hour ahead is no clock difference. */
  static final Duration MAX_LEEWAY = Duration.ofMinutes(5);

  private RiskySettings() {
  }

  /** @throws ConfigException naming the first setting no deployment can mean */
  static void refuse(LanyardConfig config) {
    LanyardConfig.Jwt jwt = config.jwt();
    if (jwt.maxTtlMillis() > 0 && jwt.defaultTtlMillis() > jwt.maxTtlMillis()) {
      throw new ConfigException("Invalid setting jwt.defaultTtl (LANYARD_JWT_DEFAULT_TTL): "
        + Duration.ofMillis(jwt.defaultTtlMillis()) + " is above jwt.maxTtl (" + Duration.ofMillis(jwt.maxTtlMillis())
        + "): every login without expiresIn would be refused");
    }
    List<String> everyone = config.http().trustedProxies().everyAddressEntries();
    if (!everyone.isEmpty()) {
      throw new ConfigException("Invalid setting http.trustedProxies (LANYARD_HTTP_TRUSTED_PROXIES): " + String.join(", ", everyone)
        + " trusts every address as a proxy, so any client names its own source in X-Forwarded-For and the per-source limits "
        + "and the audit trail's sources mean nothing; list the load balancer's or proxy's addresses");
    }
    if (jwt.leeway().compareTo(MAX_LEEWAY) > 0) {
      throw new ConfigException("Invalid setting jwt.leeway (LANYARD_JWT_LEEWAY): " + jwt.leeway() + " is above "
        + MAX_LEEWAY.toMinutes() + " minutes; clocks further apart than that need NTP (see docs/security.md)");
    }
  }

  /** One line for each risky setting a deployment may still mean, naming it. */
  public static List<String> warnings(LanyardConfig config) {
    List<String> warnings = new ArrayList<>();
    if (config.jwt().maxTtlMillis() == -1) {
      warnings.add("jwt.maxTtl (LANYARD_JWT_MAX_TTL) is -1: tokens of any lifetime are issued, expiresIn=-1 one that never "
        + "expires, and a stolen token stays good until it is revoked");
    }
    LanyardConfig.Smtp smtp = config.smtp();
    if (smtp.password().isPresent() && smtp.tls().equals("none") && !isLoopback(smtp.host())) {
      warnings.add("smtp.tls (LANYARD_SMTP_TLS) is none while LANYARD_SMTP_PASSWORD is set and smtp.host is " + smtp.host()
        + ": the SMTP password and every mail cross the network in clear; set smtp.tls to starttls or tls");
    }
    return warnings;
  }

  private static boolean isLoopback(String host) {
    if (host.toLowerCase(Locale.ROOT).equals("localhost")) {
      return true;
    }
    return AddressRanges.literal(host).map(InetAddress::isLoopbackAddress).orElse(false);
  }
}
