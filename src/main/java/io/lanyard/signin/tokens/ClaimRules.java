package io.lanyard.signin.tokens;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.services.session.TokenIds;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a well-signed token's claims must hold (docs/decisions.md §1, §7): {@code _id} and {@code jti} strings, our issuer, the
 * configured audience, {@code nbf} and {@code iat} not in the future beyond the leeway, and, while a maximum lifetime is set,
 * an {@code exp} and an {@code iat} no further apart than it. Every registered claim present must have its RFC 7519 type
 * (NumericDate a JSON number, {@code aud} a string or an array of strings): anything else is a malformed token, never a failure.
 * Expiry itself is checked at each use ({@link TokenService}), not here: these rules hold for good once they hold.
 *
 * @param maxTtlMillis the longest lifetime a token may carry, or -1 for none
 * @param leewayMillis how far in the future {@code nbf} and {@code iat} may lie (clocks of hosts differ a little)
 */
public record ClaimRules(String issuer, long maxTtlMillis, long leewayMillis, Optional<String> audience) {

  /** {@code exp} is rounded up to the whole second and {@code iat} down: one second each way. */
  private static final long ROUNDING_MILLIS = 2000;
  /** NumericDates beyond this (the year 33658) cannot be ours; refusing them keeps every product in range. */
  private static final double MAX_SECONDS = 1e12;

  public static ClaimRules of(LanyardConfig.Jwt jwt) {
    return new ClaimRules(jwt.issuer(), jwt.maxTtlMillis(), jwt.leeway().toMillis(), jwt.audience());
  }

  boolean hasMaxTtl() {
    return maxTtlMillis >= 0;
  }

  /** @param claims the token's whole payload; null for none */
  TokenCheck check(JsonObject claims, long now) {
    if (claims == null || !(claims.getValue("_id") instanceof String userId) || !(claims.getValue("jti") instanceof String jti)
      || !issuer.equals(claims.getValue("iss")) || !isStringOrAbsent(claims.getValue("sub"))) {
      return invalid();
    }
    OptionalLong exp = numericDate(claims, "exp");
    OptionalLong iat = numericDate(claims, "iat");
    OptionalLong nbf = numericDate(claims, "nbf");
    if (exp == null || iat == null || nbf == null || !hasAudience(claims.getValue("aud"))) {
      return invalid();
    }
    if (isFuture(iat, now) || isFuture(nbf, now)) {
      return invalid();
    }
    if (hasMaxTtl() && (exp.isEmpty() || iat.isEmpty() || exp.getAsLong() - iat.getAsLong() >= maxTtlMillis + ROUNDING_MILLIS)) {
      // without iat, the lifetime of the token cannot be checked
      return invalid();
    }
    return TokenCheck.valid(new Caller(userId, jti, exp.orElse(Expiry.NEVER), issuedAt(jti, iat)), client(claims));
  }

  /** The client of an OpenID Connect access token: one that names it ({@code azp}) and its scopes, both strings. */
  private static Optional<ClientAccess> client(JsonObject claims) {
    return claims.getValue("azp") instanceof String clientId && claims.getValue("scope") instanceof String scope
      ? Optional.of(new ClientAccess(clientId, scope)) : Optional.empty();
  }

  private boolean isFuture(OptionalLong instant, long now) {
    return instant.isPresent() && instant.getAsLong() > now + leewayMillis;
  }

  /** With an audience configured, {@code aud} must name it; without, it may be absent; either way it must be well typed. */
  private boolean hasAudience(Object aud) {
    if (aud == null) {
      return audience.isEmpty();
    }
    if (aud instanceof String single) {
      return audience.map(single::equals).orElse(true);
    }
    if (!(aud instanceof JsonArray list) || !list.stream().allMatch(String.class::isInstance)) {
      return false;
    }
    return audience.map(list::contains).orElse(true);
  }

  private static boolean isStringOrAbsent(Object value) {
    return value == null || value instanceof String;
  }

  /** The claim in epoch ms; empty when absent; null when it is not a NumericDate. */
  private static OptionalLong numericDate(JsonObject claims, String name) {
    Object value = claims.getValue(name);
    if (value == null) {
      return claims.containsKey(name) ? null : OptionalLong.empty();
    }
    if (!(value instanceof Number number)) {
      return null;
    }
    double seconds = number.doubleValue();
    if (!Double.isFinite(seconds) || Math.abs(seconds) > MAX_SECONDS) {
      return null;
    }
    return OptionalLong.of(number instanceof Double || number instanceof Float ? (long) (seconds * 1000) : number.longValue() * 1000);
  }

  /** The millisecond instant of the token id; else the start of its {@code iat} second; else the epoch (older than any cut-off). */
  private static long issuedAt(String tokenId, OptionalLong iat) {
    OptionalLong fromId = TokenIds.issuedAt(tokenId);
    return fromId.isPresent() ? fromId.getAsLong() : iat.orElse(0);
  }

  private static TokenCheck invalid() {
    return TokenCheck.refused(ApiError.invalidToken());
  }
}
