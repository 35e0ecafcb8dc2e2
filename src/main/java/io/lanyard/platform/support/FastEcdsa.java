package io.lanyard.platform.support;

import org.bouncycastle.jcajce.provider.asymmetric.ec.SignatureSpi;

import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.Map;

/**
 * ECDSA with SHA-256 ({@code SHA256withECDSA}, what ES256 and a passkey's P-256 signature are) by BouncyCastle, and nothing
 * else: on JDK 17, SunEC takes some 630 µs to sign and 1,240 µs to verify one, BouncyCastle about 100 µs each
 * (docs/performance.md, Passkeys). Every passkey sign-in verifies one, every ES256 token is signed with one.
 *
 * <p>Nimbus is handed {@link #provider()} for its signers and verifiers. webauthn4j and Vert.x's JWT code ask the JCA by name
 * ({@code Signature.getInstance("SHA256withECDSA")}) with no way to name a provider, so {@link #install()} puts this provider
 * first in the list. It offers that one algorithm alone, for EC keys alone: random numbers, key factories and generators,
 * MACs, digests, RSA, ciphers and the TLS stack still come from the JDK's providers (where the JDK's TLS or certificate
 * checks verify a P-256 ECDSA signature, they too ask by name and get this one). BouncyCastle's own provider is never
 * registered.
 */
public final class FastEcdsa extends Provider {

  public static final String NAME = "LanyardFastEcdsa";
  private static final String ALGORITHM = "SHA256withECDSA";
  /** ecdsa-with-SHA256, under the two names the JDK's providers also give it (an X.509 signature names it so). */
  private static final List<String> ALIASES = List.of("1.2.840.10045.4.3.2", "OID.1.2.840.10045.4.3.2");
  /** Only these keys are ours: a key of another kind (a token's, a hardware module's) goes to the next provider. */
  private static final Map<String, String> EC_KEYS_ONLY = Map.of("SupportedKeyClasses",
    "java.security.interfaces.ECPublicKey|java.security.interfaces.ECPrivateKey");
  private static final FastEcdsa INSTANCE = new FastEcdsa();

  private FastEcdsa() {
    super(NAME, "1.0", "SHA256withECDSA by BouncyCastle, nothing else");
    putService(new Service(this, "Signature", ALGORITHM, SignatureSpi.ecDSA256.class.getName(), ALIASES, EC_KEYS_ONLY) {
      @Override
      public Object newInstance(Object constructorParameter) {
        return new SignatureSpi.ecDSA256();
      }
    });
  }

  /** The provider to hand a library that lets one be named. */
  public static Provider provider() {
    return INSTANCE;
  }

  /** Puts the provider first, once; the service's start calls it before anything signs or verifies. */
  public static synchronized void install() {
    if (Security.getProvider(NAME) == null) {
      Security.insertProviderAt(INSTANCE, 1);
    }
  }
}
