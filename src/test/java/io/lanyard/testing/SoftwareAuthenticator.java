package io.lanyard.testing;

import com.webauthn4j.converter.AttestationObjectConverter;
import com.webauthn4j.converter.AuthenticatorDataConverter;
import com.webauthn4j.converter.CollectedClientDataConverter;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.data.attestation.AttestationObject;
import com.webauthn4j.data.attestation.authenticator.AAGUID;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.authenticator.EC2COSEKey;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.ClientDataType;
import com.webauthn4j.data.client.CollectedClientData;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import io.lanyard.platform.support.FastEcdsa;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;

/**
 * A passkey authenticator in software, for the tests and the benchmark: one P-256 key pair per credential (the JDK's,
 * signing through {@link FastEcdsa}), the WebAuthn structures built and encoded by webauthn4j's own data classes and
 * converters, and the browser's part (the client data, {@code toJSON()}) done by hand. It answers what a browser would post: {@code RegistrationResponseJSON} and
 * {@code AuthenticationResponseJSON}. Its origin and RP id are what it signs for, which a test may set to a wrong one.
 */
public final class SoftwareAuthenticator {

  private static final byte UP = AuthenticatorData.BIT_UP;
  private static final byte UV = AuthenticatorData.BIT_UV;
  private static final byte AT = AuthenticatorData.BIT_AT;
  private static final ObjectConverter CONVERTER = new ObjectConverter();
  private static final SecureRandom RANDOM = new SecureRandom();

  private final byte[] credentialId = new byte[16];
  private final KeyPair keys;
  private String origin;
  private String rpId;
  private byte[] userHandle;
  private long counter;
  private boolean verifiesUser = true;

  public SoftwareAuthenticator(String origin, String rpId) {
    this.origin = origin;
    this.rpId = rpId;
    RANDOM.nextBytes(credentialId);
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec("secp256r1"));
      keys = generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  public SoftwareAuthenticator signingFor(String newOrigin, String newRpId) {
    this.origin = newOrigin;
    this.rpId = newRpId;
    return this;
  }

  /** The next assertion carries {@code next + 1}: 0 makes it an authenticator that keeps no counter. */
  public SoftwareAuthenticator counter(long next) {
    this.counter = next;
    return this;
  }

  public SoftwareAuthenticator verifiesUser(boolean verifies) {
    this.verifiesUser = verifies;
    return this;
  }

  /** The passkey's {@code _id}: its credential id, base64url. */
  public String id() {
    return encode(credentialId);
  }

  /** What {@code navigator.credentials.create()} answers for these creation options, as {@code toJSON()} writes it. */
  public JsonObject register(JsonObject options) {
    userHandle = Base64.getUrlDecoder().decode(options.getJsonObject("user").getString("id"));
    AttestedCredentialData credential = new AttestedCredentialData(AAGUID.ZERO, credentialId,
      EC2COSEKey.create((ECPublicKey) keys.getPublic(), COSEAlgorithmIdentifier.ES256));
    AuthenticatorData<?> data = new AuthenticatorData<>(sha256(rpId), flags(AT), counter, credential);
    @SuppressWarnings("unchecked")
    byte[] attestation = new AttestationObjectConverter(CONVERTER).convertToBytes(
      new AttestationObject((AuthenticatorData) data, new NoneAttestationStatement()));
    return credentialJson(new JsonObject()
      .put("clientDataJSON", encode(clientData(ClientDataType.WEBAUTHN_CREATE, options.getString("challenge"))))
      .put("attestationObject", encode(attestation))
      .put("transports", new JsonArray().add("internal")));
  }

  /** What {@code navigator.credentials.get()} answers for these request options; the counter moves on by one. */
  public JsonObject sign(JsonObject options) {
    byte[] clientData = clientData(ClientDataType.WEBAUTHN_GET, options.getString("challenge"));
    long next = counter == 0 ? 0 : ++counter;
    byte[] authenticatorData = new AuthenticatorDataConverter(CONVERTER)
      .convert(new AuthenticatorData<>(sha256(rpId), flags((byte) 0), next));
    return credentialJson(new JsonObject()
      .put("clientDataJSON", encode(clientData))
      .put("authenticatorData", encode(authenticatorData))
      .put("signature", encode(signature(authenticatorData, sha256(clientData))))
      .put("userHandle", encode(userHandle)));
  }

  private JsonObject credentialJson(JsonObject response) {
    return new JsonObject().put("id", id()).put("rawId", id()).put("type", "public-key").put("response", response)
      .put("clientExtensionResults", new JsonObject()).put("authenticatorAttachment", "platform");
  }

  private byte flags(byte extra) {
    return (byte) (UP | (verifiesUser ? UV : 0) | extra);
  }

  private byte[] clientData(ClientDataType type, String challenge) {
    return new CollectedClientDataConverter(CONVERTER).convertToBytes(new CollectedClientData(type,
      new DefaultChallenge(Base64.getUrlDecoder().decode(challenge)), new Origin(origin), null));
  }

  private byte[] signature(byte[] authenticatorData, byte[] clientDataHash) {
    try {
      // BouncyCastle's, as the service's: the JDK's would cost the load generator 630 µs of CPU an assertion, not 95
      Signature signer = Signature.getInstance("SHA256withECDSA", FastEcdsa.provider());
      signer.initSign(keys.getPrivate());
      signer.update(authenticatorData);
      signer.update(clientDataHash);
      return signer.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] sha256(String text) {
    return sha256(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static byte[] sha256(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String encode(byte[] bytes) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
