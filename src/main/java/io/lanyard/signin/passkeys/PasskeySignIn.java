package io.lanyard.signin.passkeys;

import com.webauthn4j.data.AuthenticationData;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passkeys.Passkey;
import io.lanyard.model.passkeys.PasskeyChallenges;
import io.lanyard.model.passkeys.PasskeyRepository;
import io.lanyard.model.passkeys.RelyingParty;
import io.lanyard.model.passkeys.StoredPasskey;
import io.lanyard.model.passkeys.UserHandles;
import io.lanyard.services.session.Sessions;
import io.lanyard.signin.tokens.Expiry;
import io.lanyard.signin.tokens.TokenService;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

import java.security.MessageDigest;
import java.util.Optional;

/**
 * {@code POST /_login/passkey/_challenge}: a sign-in challenge, valid once on every instance for two minutes.
 * {@code POST /_login/passkey}: the login result, as {@code local}'s | 400 malformed credential or bad expiresIn | 401 the
 * challenge unknown, used or expired, or the passkey refused (unknown, removed, another origin or RP id, a bad signature, no
 * user verification, a counter gone backwards, an account not active). No password hash is computed, so no lockout applies.
 */
public final class PasskeySignIn {

  private final Pool pool;
  private final PasskeyRepository passkeys;
  private final PasskeyChallenges challenges;
  private final RelyingParty party;
  private final Sessions sessions;
  private final TokenService tokens;
  private final Expiry expiry;
  private final AuditTrail audit;

  public PasskeySignIn(Pool pool, PasskeyRepository passkeys, PasskeyChallenges challenges, RelyingParty party,
                       Sessions sessions, TokenService tokens, Expiry expiry, AuditTrail audit) {
    this.pool = pool;
    this.passkeys = passkeys;
    this.challenges = challenges;
    this.party = party;
    this.sessions = sessions;
    this.tokens = tokens;
    this.expiry = expiry;
    this.audit = audit;
  }

  /** {@code PublicKeyCredentialRequestOptionsJSON}: no credential listed, the browser offers the discoverable ones it has. */
  public Future<Reply> challenge() {
    return challenges.issue(pool, PasskeyChallenges.Purpose.SIGN_IN, Optional.empty())
      .map(challenge -> Reply.ok(new JsonObject()
        .put("challenge", Passkey.encode(challenge))
        .put("rpId", party.id())
        .put("timeout", PasskeyChallenges.LIFETIME.toMillis())
        .put("userVerification", "required")));
  }

  /**
   * @param credential the assertion, as the browser's {@code PublicKeyCredential.toJSON()} wrote it
   * @return the reply of {@code /_login/passkey}
   */
  public Future<Reply> signIn(Object credential, Object expiresIn, RequestOrigin origin) {
    Expiry.Parsed ttl = expiry.parse(expiresIn);
    if (ttl.error() != null) {
      return Future.succeededFuture(Reply.error(ttl.error()));
    }
    return verify(credential, origin).compose(verified -> verified.userId().isEmpty()
      ? Future.succeededFuture(verified.refusal())
      : open(verified.userId().get(), ttl.ttlMillis(), origin));
  }

  /**
   * Whose passkey signed the assertion, once every check passed and its challenge and counter are spent; or the reply refusing
   * it, its reason audited. Opens no session: the API route opens a token's, the hosted login page an SSO session.
   */
  public Future<SignedIn> verify(Object credential, RequestOrigin origin) {
    Optional<AuthenticationData> parsed = credential instanceof JsonObject object
      ? party.parseAssertion(object.encode()) : Optional.empty();
    if (parsed.isEmpty()) {
      failed(origin, null, "malformed_passkey");
      return PasskeyReplies.malformed().map(SignedIn::refused);
    }
    AuthenticationData assertion = parsed.get();
    byte[] challenge = assertion.getCollectedClientData().getChallenge().getValue();
    // spent first: whatever the outcome, this assertion is never checked again
    return challenges.consume(pool, challenge, PasskeyChallenges.Purpose.SIGN_IN, Optional.empty()).compose(fresh -> {
      if (!fresh) {
        failed(origin, null, "passkey_challenge_invalid");
        return PasskeyReplies.signInChallengeInvalid().map(SignedIn::refused);
      }
      return passkeys.find(pool, assertion.getCredentialId())
        .compose(stored -> stored.isEmpty() ? refused(origin, null, "unknown_passkey") : check(assertion, stored.get(), origin));
    });
  }

  private Future<SignedIn> check(AuthenticationData assertion, StoredPasskey stored, RequestOrigin origin) {
    String userId = stored.userId();
    byte[] handle = assertion.getUserHandle();
    if (handle != null && !MessageDigest.isEqual(handle, UserHandles.of(userId))) {
      return refused(origin, userId, "wrong_user_handle");
    }
    RelyingParty.Verified<Long> verified = party.verifyAssertion(assertion, stored);
    if (verified.isCloned()) {
      return cloned(origin, userId);
    }
    if (verified.value().isEmpty()) {
      return refused(origin, userId, verified.reason());
    }
    return passkeys.recordUse(pool, stored.credentialId(), verified.value().get()).compose(moved -> moved
      ? Future.succeededFuture(new SignedIn(Optional.of(userId), null))
      : cloned(origin, userId));
  }

  /** As a password sign-in: the session is recorded under the user's lock, which refuses an account no longer active. */
  private Future<Reply> open(String userId, long ttlMillis, RequestOrigin origin) {
    return sessions.open(userId, ttlMillis).compose(session -> {
      if (session.isEmpty()) {
        return refused(origin, userId, "account_not_active").map(SignedIn::refusal);
      }
      audit.record(AuditEvent.of(AuditKind.LOGIN_SUCCEEDED, origin).withUser(userId).withDetail("passkey"));
      return Future.succeededFuture(Reply.ok(tokens.issue(userId, ttlMillis, session.get()).toJson()));
    });
  }

  private Future<SignedIn> cloned(RequestOrigin origin, String userId) {
    audit.record(AuditEvent.of(AuditKind.PASSKEY_CLONED, origin).withUser(userId).withDetail("counter_went_backwards"));
    return refused(origin, userId, "passkey_cloned");
  }

  private Future<SignedIn> refused(RequestOrigin origin, String userId, String reason) {
    failed(origin, userId, reason);
    return PasskeyReplies.signInRefused().map(SignedIn::refused);
  }

  private void failed(RequestOrigin origin, String userId, String reason) {
    audit.record(AuditEvent.of(AuditKind.LOGIN_FAILED, origin).withUser(userId).withDetail(reason));
  }

  /** A verification's outcome: the user whose passkey it is, or the API route's reply refusing it. */
  public record SignedIn(Optional<String> userId, Reply refusal) {

    static SignedIn refused(Reply reply) {
      return new SignedIn(Optional.empty(), reply);
    }
  }
}
