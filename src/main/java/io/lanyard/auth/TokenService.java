package io.lanyard.auth;

import io.lanyard.api.ApiError;
import io.lanyard.api.Caller;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;

import java.util.OptionalLong;

/**
 * Issues and verifies the service's JWTs. The algorithm is pinned to the configured one: {@code none} and any other algorithm fail
 * verification. Expiry is checked here rather than by the library, so an expired token gets its own reply.
 */
public final class TokenService {

  /** Longer than any token this service issues; anything longer is refused unparsed. */
  private static final int MAX_TOKEN_LENGTH = 4096;
  /** About 4 MB of verified tokens: far more than the sessions active at once on one instance. */
  private static final int VERIFIED_TOKENS = 10_000;

  private final JWTAuth jwt;
  private final String algorithm;
  private final String issuer;
  private final boolean expiryRequired;
  private final VerifiedTokens verified = new VerifiedTokens(VERIFIED_TOKENS);

  private TokenService(JWTAuth jwt, String algorithm, String issuer, boolean expiryRequired) {
    this.jwt = jwt;
    this.algorithm = algorithm;
    this.issuer = issuer;
    this.expiryRequired = expiryRequired;
  }

  /**
   * @param secret the HMAC key
   * @param expiryRequired true when a maximum lifetime is configured: tokens without {@code exp} are then refused
   */
  public static TokenService hmac(Vertx vertx, String algorithm, String secret, String issuer, boolean expiryRequired) {
    JWTAuthOptions options = new JWTAuthOptions()
      .addPubSecKey(new PubSecKeyOptions().setAlgorithm(algorithm).setBuffer(secret))
      .setJWTOptions(new JWTOptions().setAlgorithm(algorithm).setIgnoreExpiration(true));
    return new TokenService(JWTAuth.create(vertx, options), algorithm, issuer, expiryRequired);
  }

  /**
   * ES256 or RS256: the primary key signs (its {@code kid} in every token header); every configured key verifies the tokens that
   * name it, so tokens of a key being rotated out stay valid until that key is removed.
   */
  public static TokenService signed(Vertx vertx, SigningKeys keys, String issuer, boolean expiryRequired) {
    String algorithm = keys.algorithm();
    JWTAuthOptions options = new JWTAuthOptions()
      .addPubSecKey(new PubSecKeyOptions().setAlgorithm(algorithm).setBuffer(keys.signingPem()).setId(keys.signingKid()))
      .setJWTOptions(new JWTOptions().setAlgorithm(algorithm).setIgnoreExpiration(true));
    keys.verifying().forEach(key -> options.addPubSecKey(
      new PubSecKeyOptions().setAlgorithm(algorithm).setBuffer(SigningKeys.publicPem(key)).setId(key.kid())));
    return new TokenService(JWTAuth.create(vertx, options), algorithm, issuer, expiryRequired);
  }

  /** @param ttlMillis the lifetime, or {@link Expiry#NEVER} */
  public LoginResult issue(String userId, long ttlMillis) {
    return issue(userId, ttlMillis, System.currentTimeMillis());
  }

  /**
   * @param issuedAt the issue instant in epoch milliseconds: the moment the caller checked the account may have a token, so a
   *   disable or global logout that lands after that check still cuts this token off
   */
  public LoginResult issue(String userId, long ttlMillis, long issuedAt) {
    JsonObject claims = new JsonObject()
      .put("_id", userId)
      .put("sub", userId)
      .put("iat", issuedAt / 1000)
      .put("jti", TokenIds.newId(issuedAt))
      .put("iss", issuer);
    long expiresAt = Expiry.NEVER;
    if (ttlMillis != Expiry.NEVER) {
      expiresAt = issuedAt + ttlMillis;
      claims.put("exp", Math.floorDiv(expiresAt + 999, 1000));
    }
    String token = jwt.generateToken(claims, new JWTOptions().setAlgorithm(algorithm).setNoTimestamp(true));
    return new LoginResult(userId, token, expiresAt, ttlMillis);
  }

  public Future<TokenCheck> verify(String token) {
    if (token == null || token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) {
      return Future.succeededFuture(TokenCheck.refused(ApiError.invalidToken()));
    }
    Caller known = verified.get(token);
    if (known != null) {
      return Future.succeededFuture(unexpired(known));
    }
    return jwt.authenticate(new TokenCredentials(token))
      .map(user -> {
        TokenCheck check = check(user.attributes().getJsonObject("accessToken"));
        if (check.isValid()) {
          verified.put(token, check.caller());
        }
        return check.isValid() ? unexpired(check.caller()) : check;
      })
      .otherwise(failure -> TokenCheck.refused(ApiError.invalidToken()));
  }

  private static TokenCheck unexpired(Caller caller) {
    boolean expired = caller.expiresAt() != Expiry.NEVER && System.currentTimeMillis() >= caller.expiresAt();
    return expired ? TokenCheck.refused(ApiError.expiredToken()) : TokenCheck.valid(caller);
  }

  /**
   * The caller of a well-signed token, whose expiry {@link #unexpired} checks (a cached token is checked again at each use).
   *
   * @param claims the token's whole payload (the library's principal drops {@code exp} and {@code iat})
   */
  private TokenCheck check(JsonObject claims) {
    if (claims == null) {
      return TokenCheck.refused(ApiError.invalidToken());
    }
    Object userId = claims.getValue("_id");
    Object tokenId = claims.getValue("jti");
    Object exp = claims.getValue("exp");
    if (!(userId instanceof String id) || !(tokenId instanceof String jti) || !issuer.equals(claims.getValue("iss"))) {
      return TokenCheck.refused(ApiError.invalidToken());
    }
    long issuedAt = issuedAt(jti, claims.getValue("iat"));
    if (exp == null) {
      return expiryRequired ? TokenCheck.refused(ApiError.invalidToken())
        : TokenCheck.valid(new Caller(id, jti, Expiry.NEVER, issuedAt));
    }
    if (!(exp instanceof Number seconds)) {
      return TokenCheck.refused(ApiError.invalidToken());
    }
    return TokenCheck.valid(new Caller(id, jti, seconds.longValue() * 1000, issuedAt));
  }

  /** The millisecond instant of the token id; else the start of its {@code iat} second; else the epoch (older than any cut-off). */
  private static long issuedAt(String tokenId, Object iat) {
    OptionalLong fromId = TokenIds.issuedAt(tokenId);
    if (fromId.isPresent()) {
      return fromId.getAsLong();
    }
    return iat instanceof Number seconds ? seconds.longValue() * 1000 : 0;
  }
}
