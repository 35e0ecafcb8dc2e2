package io.lanyard.platform.support;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** P-256 signatures through {@link FastEcdsa} against the JDK's own, and what installing it leaves to the JDK. */
class FastEcdsaTest {

  private static final byte[] MESSAGE = "an assertion's authenticator data and client data hash".getBytes(StandardCharsets.UTF_8);
  private static final String JDK_EC = "SunEC";
  private static KeyPair keys;

  @BeforeAll
  static void keysAndProvider() throws GeneralSecurityException {
    FastEcdsa.install();
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    keys = generator.generateKeyPair();
  }

  @Test
  void verifiesWhatTheJdkSigned() throws GeneralSecurityException {
    byte[] signature = sign(Security.getProvider(JDK_EC));

    assertThat(accepts(FastEcdsa.provider(), signature, MESSAGE)).isTrue();
  }

  @Test
  void signsWhatTheJdkVerifies() throws GeneralSecurityException {
    byte[] signature = sign(FastEcdsa.provider());

    assertThat(accepts(Security.getProvider(JDK_EC), signature, MESSAGE)).isTrue();
  }

  @Test
  void refusesAnotherMessage() throws GeneralSecurityException {
    byte[] signature = sign(Security.getProvider(JDK_EC));
    byte[] other = MESSAGE.clone();
    other[0] ^= 1;

    assertThat(accepts(FastEcdsa.provider(), signature, other)).isFalse();
  }

  @Test
  void refusesATamperedSignature() throws GeneralSecurityException {
    byte[] signature = sign(Security.getProvider(JDK_EC));
    signature[signature.length - 1] ^= 1;   // the last byte of s: still well-formed DER, no longer the signature

    assertThat(accepts(FastEcdsa.provider(), signature, MESSAGE)).isFalse();
  }

  @Test
  void refusesTrailingBytesAfterTheSignature() throws GeneralSecurityException {
    byte[] signature = sign(Security.getProvider(JDK_EC));
    byte[] padded = Arrays.copyOf(signature, signature.length + 1);

    assertThat(accepts(FastEcdsa.provider(), padded, MESSAGE)).isFalse();
  }

  @Test
  void refusesTheRawConcatenatedForm() throws GeneralSecurityException {
    BigInteger[] rs = decode(sign(Security.getProvider(JDK_EC)));
    byte[] raw = new byte[64];
    copyRight(rs[0].toByteArray(), raw, 0);
    copyRight(rs[1].toByteArray(), raw, 32);

    assertThat(accepts(FastEcdsa.provider(), raw, MESSAGE)).isFalse();
  }

  @Test
  void refusesAnIntegerWithARedundantLeadingZero() throws GeneralSecurityException {
    BigInteger[] rs = decode(sign(Security.getProvider(JDK_EC)));
    byte[] r = rs[0].toByteArray();
    byte[] paddedR = new byte[r.length + 1];
    System.arraycopy(r, 0, paddedR, 1, r.length);   // same number, not its one DER encoding

    assertThat(accepts(FastEcdsa.provider(), sequence(integer(paddedR), integer(rs[1].toByteArray())), MESSAGE)).isFalse();
  }

  @Test
  void theJcaHandsEcdsaWithSha256ToItWhenAskedByName() throws GeneralSecurityException {
    Signature byName = Signature.getInstance("SHA256withECDSA");
    byName.initVerify(keys.getPublic());
    Signature byOid = Signature.getInstance("1.2.840.10045.4.3.2");
    byOid.initVerify(keys.getPublic());

    assertThat(byName.getProvider().getName()).isEqualTo(FastEcdsa.NAME);
    assertThat(byOid.getProvider().getName()).isEqualTo(FastEcdsa.NAME);
  }

  @Test
  void everythingElseStaysTheJdks() throws GeneralSecurityException {
    KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
    rsa.initialize(2048);
    Signature rsaSignature = Signature.getInstance("SHA256withRSA");
    rsaSignature.initSign(rsa.generateKeyPair().getPrivate());

    assertThat(new SecureRandom().getProvider().getName()).isEqualTo("SUN");
    assertThat(KeyFactory.getInstance("EC").getProvider().getName()).isEqualTo(JDK_EC);
    assertThat(KeyPairGenerator.getInstance("EC").getProvider().getName()).isEqualTo(JDK_EC);
    assertThat(Mac.getInstance("HmacSHA256").getProvider().getName()).isEqualTo("SunJCE");
    assertThat(MessageDigest.getInstance("SHA-256").getProvider().getName()).isEqualTo("SUN");
    assertThat(rsaSignature.getProvider().getName()).isEqualTo("SunRsaSign");
    assertThat(Security.getProvider("BC")).isNull();
  }

  private static byte[] sign(Provider provider) throws GeneralSecurityException {
    Signature signer = Signature.getInstance("SHA256withECDSA", provider);
    signer.initSign(keys.getPrivate());
    signer.update(MESSAGE);
    return signer.sign();
  }

  /** Refused either way: false, or an exception for bytes that are no signature at all. */
  private static boolean accepts(Provider provider, byte[] signature, byte[] message) throws GeneralSecurityException {
    Signature verifier = Signature.getInstance("SHA256withECDSA", provider);
    verifier.initVerify(keys.getPublic());
    verifier.update(message);
    try {
      return verifier.verify(signature);
    } catch (SignatureException e) {
      return false;
    }
  }

  /** r and s of a DER signature as the JDK writes one (short lengths: P-256's never need more). */
  private static BigInteger[] decode(byte[] der) {
    int rLength = der[3];
    BigInteger r = new BigInteger(Arrays.copyOfRange(der, 4, 4 + rLength));
    int sAt = 4 + rLength;
    BigInteger s = new BigInteger(Arrays.copyOfRange(der, sAt + 2, sAt + 2 + der[sAt + 1]));
    return new BigInteger[] {r, s};
  }

  private static byte[] integer(byte[] value) {
    return tagged(0x02, value);
  }

  private static byte[] sequence(byte[]... parts) {
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      content.writeBytes(part);
    }
    return tagged(0x30, content.toByteArray());
  }

  private static byte[] tagged(int tag, byte[] value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    out.write(value.length);
    out.writeBytes(value);
    return out.toByteArray();
  }

  /** The unsigned big-endian value, right-aligned in a 32-byte field. */
  private static void copyRight(byte[] signed, byte[] into, int at) {
    int skip = signed.length > 32 ? signed.length - 32 : 0;
    int length = signed.length - skip;
    System.arraycopy(signed, skip, into, at + 32 - length, length);
  }
}
