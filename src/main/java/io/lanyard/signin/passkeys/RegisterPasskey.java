package io.lanyard.signin.passkeys;

import com.webauthn4j.data.RegistrationData;
import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Reply;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passkeys.Passkey;
import io.lanyard.model.passkeys.PasskeyChallenges;
import io.lanyard.model.passkeys.PasskeyRepository;
import io.lanyard.model.passkeys.RelyingParty;
import io.lanyard.model.passkeys.StoredPasskey;
import io.lanyard.model.passkeys.UserHandles;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;

import java.util.List;
import java.util.Optional;

/**
 * {@code POST /_me/passkeys/_options}: the options of a new passkey for the caller's account (its challenge issued) | 401.
 * {@code POST /_me/passkeys}: the registered passkey | 400 malformed, challenge invalid, refused, not added, bad name | 401.
 */
public record RegisterPasskey(Pool pool, AccountRepository accounts, PasskeyRepository passkeys, PasskeyChallenges challenges,
                         RelyingParty party, AuditTrail audit) {

  public Future<Reply> options(Caller caller) {
    return accounts.findById(pool, caller.userId()).compose(account -> account.isEmpty()
      || account.get().status() != UserStatus.ACTIVE
      ? Future.succeededFuture(Reply.error(ApiError.revokedToken()))
      : passkeys.list(pool, caller.userId()).compose(registered -> challenges
        .issue(pool, PasskeyChallenges.Purpose.REGISTER, Optional.of(caller.userId()))
        .map(challenge -> Reply.ok(creationOptions(account.get(), registered, challenge)))));
  }

  public Future<Reply> register(PasskeyRequest request) {
    Optional<String> name = request.name() == null ? Optional.of(PasskeyRequest.DEFAULT_NAME) : request.validName();
    if (name.isEmpty()) {
      return PasskeyReplies.invalidArgument("name");
    }
    Optional<RegistrationData> parsed = request.credentialJson().flatMap(party::parseRegistration);
    if (parsed.isEmpty()) {
      return PasskeyReplies.malformed();
    }
    String userId = request.caller().userId();
    byte[] challenge = parsed.get().getCollectedClientData().getChallenge().getValue();
    // the challenge is spent before the checks: a refused registration cannot be tried again with it
    return challenges.consume(pool, challenge, PasskeyChallenges.Purpose.REGISTER, Optional.of(userId)).compose(fresh -> {
      if (!fresh) {
        return PasskeyReplies.registrationChallengeInvalid();
      }
      RelyingParty.Verified<StoredPasskey> verified = party.verifyRegistration(parsed.get(), userId);
      if (verified.value().isEmpty()) {
        return PasskeyReplies.registrationRefused();
      }
      return passkeys.insert(pool, verified.value().get(), name.get()).compose(added -> added.isEmpty()
        ? PasskeyReplies.notAdded()
        : Future.succeededFuture(added(request, added.get())));
    });
  }

  private Reply added(PasskeyRequest request, Passkey passkey) {
    audit.record(AuditEvent.of(AuditKind.PASSKEY_ADDED, request.origin()).withUser(passkey.userId()));
    return Reply.ok(passkey.toJson());
  }

  /** {@code PublicKeyCredentialCreationOptionsJSON}, as {@code PublicKeyCredential.parseCreationOptionsFromJSON} reads it. */
  private JsonObject creationOptions(Account account, List<Passkey> registered, byte[] challenge) {
    JsonArray algorithms = new JsonArray();
    RelyingParty.ALGORITHMS.forEach(alg -> algorithms.add(new JsonObject().put("type", "public-key").put("alg", alg)));
    JsonArray exclude = new JsonArray();
    registered.forEach(passkey -> exclude.add(new JsonObject().put("type", "public-key").put("id", passkey.id())
      .put("transports", new JsonArray(passkey.transports()))));
    return new JsonObject()
      .put("rp", new JsonObject().put("id", party.id()).put("name", party.id()))
      .put("user", new JsonObject().put("id", Passkey.encode(UserHandles.of(account.id()))).put("name", account.email())
        .put("displayName", account.email()))
      .put("challenge", Passkey.encode(challenge))
      .put("pubKeyCredParams", algorithms)
      .put("timeout", PasskeyChallenges.LIFETIME.toMillis())
      .put("excludeCredentials", exclude)
      .put("authenticatorSelection", new JsonObject().put("residentKey", "required").put("requireResidentKey", true)
        .put("userVerification", "required"))
      .put("attestation", "none");
  }
}
