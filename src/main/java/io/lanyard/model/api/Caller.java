package io.lanyard.model.api;

/**
 * Who sent the request, from a verified token.
 *
 * @param tokenId the token's {@code jti}
 * @param expiresAt the token's expiry in epoch milliseconds, or -1 when it never expires
 * @param issuedAt when the token was issued, in epoch milliseconds (what session cut-offs compare against)
 */
public record Caller(String userId, String tokenId, long expiresAt, long issuedAt) {

  /** The caller of a protected route (the token check has run). */
  public static Caller from(ApiRequest request) {
    return request.requireCaller();
  }
}
