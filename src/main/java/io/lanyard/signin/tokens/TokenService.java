package io.lanyard.signin.tokens;

import io.lanyard.model.api.ApiError;
import io.lanyard.services.session.NewSession;
import io.lanyard.signin.tokens.Expiry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;

/**
 * Issues and verifies the service's JWTs. The algorithm is pinned to the configured one: {@code none} and any other algorithm fail
 * verification. The claims are checked here ({@link ClaimRules}) rather than by the library, expiry at each use, so an expired
 * token gets its own reply.
 */
public final class TokenService {

  /** Longer than any token this service issues; anything longer is refused unparsed. */
  private static final int MAX_TOKEN_LENGTH = 4096;
  /** About 4 MB of verified tokens: far more than the sessions active at once on one instance. */
  private static final int VERIFIED_TOKENS = 10_000;

  private final JWTAuth jwt;
  private final String algorithm;
  private final ClaimRules rules;
  private final VerifiedTokens verified = new VerifiedTokens(VERIFIED_TOKENS);

  private TokenService(JWTAuth jwt, String algorithm, ClaimRules rules) {
    this.jwt = jwt;
    this.algorithm = algorithm;
    this.rules = rules;
  }

  /** @param secret the HMAC key */
  public static TokenService hmac(Vertx vertx, String algorithm, String secret, ClaimRules rules) {
    JWTAuthOptions options = new JWTAuthOptions()
      .addPubSecKey(new PubSecKeyOptions().setAlgorithm(algorithm).setBuffer(secret))
      .setJWTOptions(new JWTOptions().setAlgorithm(algorithm).setIgnoreExpiration(true));
    return new TokenService(JWTAuth.create(vertx, options), algorithm, rules);
  }

  /**
   * ES256 or RS256: the primary key signs (its {@code kid} in every token header); every configured key verifies the tokens that
   * name it, so tokens of a key being rotated out stay valid until that key is removed.
   */
  public static TokenService signed(Vertx vertx, SigningKeys keys, ClaimRules rules) {
    String algorithm = keys.algorithm();
    JWTAuthOptions options = new JWTAuthOptions()
      .addPubSecKey(new PubSecKeyOptions().setAlgorithm(algorithm).setBuffer(keys.signingPem()).setId(keys.signingKid()))
      .setJWTOptions(new JWTOptions().setAlgorithm(algorithm).setIgnoreExpiration(true));
    keys.verifying().forEach(key -> options.addPubSecKey(
      new PubSecKeyOptions().setAlgorithm(algorithm).setBuffer(SigningKeys.publicPem(key)).setId(key.kid())));
    return new TokenService(JWTAuth.create(vertx, options), algorithm, rules);
  }

  /**
   * The token of a session the user's sessions just recorded (its id, issue instant and expiry).
   *
   * @param ttlMillis the lifetime asked for, or {@link Expiry#NEVER}
   */
  public LoginResult issue(String userId, long ttlMillis, NewSession session) {
    JsonObject claims = claims(userId, session);
    rules.audience().ifPresent(audience -> claims.put("aud", audience));
    return issue(claims, userId, ttlMillis, session);
  }

  /**
   * An OpenID Connect client's access token (docs/decisions.md §13): a token of the API like a login's, whose audience is the
   * client (beside {@code jwt.audience} when one is set, so the API still takes it), naming the client ({@code azp},
   * {@code client_id}) and the scopes granted ({@code scope}).
   */
  public LoginResult issueForClient(String userId, long ttlMillis, NewSession session, String clientId, String scope) {
    JsonObject claims = claims(userId, session).put("azp", clientId).put("client_id", clientId).put("scope", scope);
    claims.put("aud", rules.audience().map(audience -> (Object) new JsonArray().add(clientId).add(audience)).orElse(clientId));
    return issue(claims, userId, ttlMillis, session);
  }

  private JsonObject claims(String userId, NewSession session) {
    return new JsonObject()
      .put("_id", userId)
      .put("sub", userId)
      .put("iat", session.issuedAt() / 1000)
      .put("jti", session.tokenId())
      .put("iss", rules.issuer());
  }

  private LoginResult issue(JsonObject claims, String userId, long ttlMillis, NewSession session) {
    long issuedAt = session.issuedAt();
    long expiresAt = Expiry.NEVER;
    if (ttlMillis != Expiry.NEVER) {
      expiresAt = issuedAt + ttlMillis;
      claims.put("exp", session.expiresAt() / 1000);
    }
    String token = jwt.generateToken(claims, new JWTOptions().setAlgorithm(algorithm).setNoTimestamp(true));
    return new LoginResult(userId, token, expiresAt, ttlMillis);
  }

  /** Only tokens that passed every claim rule enter the cache: a cached token skips nothing but the signature and the rules. */
  public Future<TokenCheck> verify(String token) {
    if (token == null || token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) {
      return Future.succeededFuture(TokenCheck.refused(ApiError.invalidToken()));
    }
    TokenCheck known = verified.get(token);
    if (known != null) {
      return Future.succeededFuture(unexpired(known));
    }
    return authenticate(token)
      .map(user -> {
        TokenCheck check = rules.check(user.attributes().getJsonObject("accessToken"), System.currentTimeMillis());
        if (check.isValid()) {
          verified.put(token, check);
        }
        return check.isValid() ? unexpired(check) : check;
      })
      .otherwise(failure -> TokenCheck.refused(ApiError.invalidToken()));
  }

  /**
   * The library's verdict on the signature. Even with expiry ignored it reads {@code exp}, {@code iat} and {@code nbf} as numbers
   * after verifying the signature, and throws (rather than failing its future) when one is not: a malformed claim in a
   * well-signed token is still a malformed token.
   */
  private Future<User> authenticate(String token) {
    try {
      return jwt.authenticate(new TokenCredentials(token));
    } catch (RuntimeException malformedClaim) {
      return Future.failedFuture(malformedClaim);
    }
  }

  /** @param check a valid verdict, which stands until the token expires */
  private static TokenCheck unexpired(TokenCheck check) {
    long expiresAt = check.caller().expiresAt();
    boolean expired = expiresAt != Expiry.NEVER && System.currentTimeMillis() >= expiresAt;
    return expired ? TokenCheck.refused(ApiError.expiredToken()) : check;
  }
}
