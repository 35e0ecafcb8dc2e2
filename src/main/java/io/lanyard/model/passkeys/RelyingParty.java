package io.lanyard.model.passkeys;

import com.webauthn4j.WebAuthnManager;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.credential.CredentialRecordImpl;
import com.webauthn4j.data.AuthenticationData;
import com.webauthn4j.data.AuthenticationParameters;
import com.webauthn4j.data.AuthenticatorTransport;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.RegistrationData;
import com.webauthn4j.data.RegistrationParameters;
import com.webauthn4j.data.attestation.authenticator.AAGUID;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.COSEKey;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.server.ServerProperty;
import com.webauthn4j.util.exception.WebAuthnException;
import com.webauthn4j.verifier.exception.MaliciousCounterValueException;
import com.webauthn4j.verifier.exception.VerificationException;
import tools.jackson.core.JacksonException;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The service as a WebAuthn relying party: its id is the host of {@code http.publicUrl}, the one origin it accepts is that
 * address's origin (scheme, host, port: nothing else, no subdomain), user verification is required, attestation is not asked
 * for. Every check of both ceremonies is webauthn4j's: challenge, origin, RP id hash, flags, algorithm, signature, counter.
 */
public final class RelyingParty {

  /** ES256 first (every platform authenticator), then RS256 (Windows Hello's older keys). */
  public static final List<Long> ALGORITHMS = List.of(COSEAlgorithmIdentifier.ES256.getValue(),
    COSEAlgorithmIdentifier.RS256.getValue());

  private static final List<PublicKeyCredentialParameters> PARAMETERS = ALGORITHMS.stream()
    .map(alg -> new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY, COSEAlgorithmIdentifier.create(alg)))
    .toList();

  private final String id;
  private final Origin origin;
  private final ObjectConverter converter = new ObjectConverter();
  // "non-strict": any attestation statement is accepted without a trust anchor, which is what attestation "none" means
  private final WebAuthnManager manager = WebAuthnManager.createNonStrictWebAuthnManager(converter);

  private RelyingParty(String id, Origin origin) {
    this.id = id;
    this.origin = origin;
  }

  /** @param publicUrl {@code http.publicUrl}: without it the service has no name a passkey could be bound to */
  public static Optional<RelyingParty> of(Optional<String> publicUrl) {
    return publicUrl.map(URI::create).map(url -> new RelyingParty(url.getHost(),
      Origin.create(url.getScheme() + "://" + url.getRawAuthority())));
  }

  public String id() {
    return id;
  }

  public String origin() {
    return origin.toString();
  }

  /** A registration's response as the browser's {@code PublicKeyCredential.toJSON()} wrote it; empty when it does not parse. */
  public Optional<RegistrationData> parseRegistration(String json) {
    try {
      RegistrationData data = manager.parseRegistrationResponseJSON(json);
      return data.getAttestationObject() == null || data.getCollectedClientData() == null
        || data.getCollectedClientData().getChallenge() == null ? Optional.empty() : Optional.of(data);
    } catch (WebAuthnException | JacksonException | IllegalArgumentException | IllegalStateException | NullPointerException
             | UnsupportedOperationException | ClassCastException e) {
      // whatever the library finds wrong in bytes it was given (a bad base64, a truncated CBOR map) is a malformed request
      return Optional.empty();
    }
  }

  /** An assertion as {@code PublicKeyCredential.toJSON()} wrote it; empty when it does not parse. */
  public Optional<AuthenticationData> parseAssertion(String json) {
    try {
      AuthenticationData data = manager.parseAuthenticationResponseJSON(json);
      return data.getCredentialId() == null || data.getCollectedClientData() == null
        || data.getCollectedClientData().getChallenge() == null || data.getAuthenticatorData() == null
        ? Optional.empty() : Optional.of(data);
    } catch (WebAuthnException | JacksonException | IllegalArgumentException | IllegalStateException | NullPointerException
             | UnsupportedOperationException | ClassCastException e) {
      return Optional.empty();
    }
  }

  /** The credential a verified registration creates for the account, or why it was refused. */
  public Verified<StoredPasskey> verifyRegistration(RegistrationData data, String userId) {
    try {
      manager.verify(data, new RegistrationParameters(server(data.getCollectedClientData().getChallenge().getValue()),
        PARAMETERS, true, true));
    } catch (VerificationException | IllegalArgumentException e) {
      return Verified.refused(reason(e));
    }
    AttestedCredentialData credential = data.getAttestationObject().getAuthenticatorData().getAttestedCredentialData();
    Set<AuthenticatorTransport> transports = data.getTransports() == null ? Set.of() : data.getTransports();
    return Verified.of(new StoredPasskey(credential.getCredentialId(), userId,
      converter.getCborConverter().writeValueAsBytes(credential.getCOSEKey()),
      data.getAttestationObject().getAuthenticatorData().getSignCount(),
      transports.stream().map(AuthenticatorTransport::getValue).sorted().collect(Collectors.toList())));
  }

  /** Whether the assertion is the stored credential's, over the challenge it carries, from our origin and for our id. */
  public Verified<Long> verifyAssertion(AuthenticationData data, StoredPasskey stored) {
    COSEKey key = converter.getCborConverter().readValue(stored.publicKey(), COSEKey.class);
    CredentialRecordImpl record = new CredentialRecordImpl(new NoneAttestationStatement(), null, null, null,
      stored.signCount(), new AttestedCredentialData(AAGUID.ZERO, stored.credentialId(), key), null, null, null,
      stored.transports().stream().map(AuthenticatorTransport::create).collect(Collectors.toSet()));
    try {
      manager.verify(data, new AuthenticationParameters(server(data.getCollectedClientData().getChallenge().getValue()),
        record, null, true, true));
    } catch (MaliciousCounterValueException e) {
      return Verified.cloned();
    } catch (VerificationException | IllegalArgumentException e) {
      return Verified.refused(reason(e));
    }
    return Verified.of(data.getAuthenticatorData().getSignCount());
  }

  /**
   * What the ceremony must have been made for. The challenge given is the one the client data carries: that it was issued by
   * us, unused and unexpired is {@link PasskeyChallenges#consume}'s to say, before this check runs.
   */
  private ServerProperty server(byte[] challenge) {
    return ServerProperty.builder().origin(origin).rpId(id).challenge(new DefaultChallenge(challenge)).build();
  }

  /** The check that failed, as the audit trail names it: {@code BadOriginException} is {@code bad_origin}. */
  private static String reason(Exception e) {
    String name = e.getClass().getSimpleName().replaceFirst("Exception$", "");
    return name.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
  }

  /** A verification's outcome: the value it yields, or a refusal, or the sign of a cloned authenticator. */
  public record Verified<T>(Optional<T> value, boolean isCloned, String reason) {

    static <T> Verified<T> of(T value) {
      return new Verified<>(Optional.of(value), false, null);
    }

    static <T> Verified<T> refused(String reason) {
      return new Verified<>(Optional.empty(), false, reason);
    }

    static <T> Verified<T> cloned() {
      return new Verified<>(Optional.empty(), true, "counter_went_backwards");
    }
  }
}
