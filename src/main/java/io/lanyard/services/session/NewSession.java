package io.lanyard.services.session;

/**
 * A token about to be handed out, as the user's sessions recorded it: the token carries exactly these.
 *
 * @param tokenId its {@code jti}, a UUIDv7 of {@code issuedAt}
 * @param issuedAt epoch ms; later than every token the user was issued before, and than its cut-off and fold
 * @param expiresAt epoch ms, rounded up to the whole second as {@code exp} is; -1 when it never expires
 */
public record NewSession(String tokenId, long issuedAt, long expiresAt) {

  static NewSession at(long issuedAt, long ttlMillis) {
    long expiresAt = ttlMillis == -1 ? -1 : Math.floorDiv(issuedAt + ttlMillis + 999, 1000) * 1000;
    return new NewSession(TokenIds.newId(issuedAt), issuedAt, expiresAt);
  }
}
