package io.lanyard.services.throttling;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * Device markers, the OWASP "device cookie" (docs/security.md#device-markers): a successful sign-in leaves the client a marker
 * bound to the name it signed in with, and a later attempt for that name carrying it is exempt from the name's lockout and
 * hashed in the reserved part of the queue. Its failures count against the marker alone, so a stolen one buys a guesser no
 * more than an unmarked client gets.
 *
 * <p>A marker is {@code v1.<id>.<expires>.<mac>}: 16 random bytes in hex (what its failures are counted by), its expiry in
 * epoch seconds, and an HMAC-SHA256 of the three with the normalised name, under a key derived from the deployment's kept form
 * key. Nothing is stored: the server checks the MAC (in constant time) and the expiry; the name is not in the marker.
 */
public final class DeviceMarkers {

  /** The header an API client sends its marker back in. */
  public static final String HEADER = "X-Lanyard-Device";
  /** The cookie the hosted login page keeps it in. */
  public static final String COOKIE = "lanyard_device";

  private static final String VERSION = "v1";
  private static final String DERIVATION = "lanyard device marker v1";
  private static final int MAX_LENGTH = 120;
  private static final Pattern SHAPE = Pattern.compile("v1\\.[0-9a-f]{32}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{43}");
  private static final SecureRandom RANDOM = new SecureRandom();

  /** A marker that checked out for the name: its failures are counted by {@link #lockoutIdentifier()}. */
  public record Marker(String id) {

    public String lockoutIdentifier() {
      return "device:" + id;
    }
  }

  private final SecretKeySpec key;
  private final Duration lifetime;
  private final LongSupplier epochMillis;

  DeviceMarkers(byte[] key, Duration lifetime, LongSupplier epochMillis) {
    this.key = new SecretKeySpec(key, "HmacSHA256");
    this.lifetime = lifetime;
    this.epochMillis = epochMillis;
  }

  /**
   * @param deploymentKey the deployment's kept form key: every instance has the same, so a marker from one is good on all
   * @param lifetime how long a marker stays good after the sign-in that left it
   */
  public static DeviceMarkers derivedFrom(String deploymentKey, Duration lifetime) {
    byte[] derived = hmac(new SecretKeySpec(deploymentKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"), DERIVATION);
    return new DeviceMarkers(derived, lifetime, System::currentTimeMillis);
  }

  public Duration lifetime() {
    return lifetime;
  }

  /** A new marker for {@code email} (normalised), good for the lifetime. */
  public String issue(String email) {
    byte[] id = new byte[16];
    RANDOM.nextBytes(id);
    String body = VERSION + "." + HexFormat.of().formatHex(id) + "." + (epochMillis.getAsLong() + lifetime.toMillis()) / 1000;
    return body + "." + mac(body, email);
  }

  /**
   * The marker, when {@code token} is one this deployment issued for {@code email} (normalised) and it has not expired; empty
   * for anything else (absent, malformed, forged, expired, another name's), which then counts as no marker at all.
   */
  public Optional<Marker> verify(Optional<String> token, String email) {
    if (token.isEmpty() || token.get().length() > MAX_LENGTH || !SHAPE.matcher(token.get()).matches()) {
      return Optional.empty();
    }
    String text = token.get();
    int lastDot = text.lastIndexOf('.');
    String body = text.substring(0, lastDot);
    byte[] expected = mac(body, email).getBytes(StandardCharsets.US_ASCII);
    if (!MessageDigest.isEqual(expected, text.substring(lastDot + 1).getBytes(StandardCharsets.US_ASCII))) {
      return Optional.empty();
    }
    String[] parts = body.split("\\.");
    long expires = Long.parseLong(parts[2]);
    return expires * 1000 > epochMillis.getAsLong() ? Optional.of(new Marker(parts[1])) : Optional.empty();
  }

  private String mac(String body, String email) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(hmac(key, body + "\n" + email));
  }

  private static byte[] hmac(SecretKeySpec key, String text) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JVM has HmacSHA256", e);
    }
  }
}
