package io.lanyard.services.events;

import io.lanyard.platform.config.Secret;
import io.lanyard.platform.support.SecretCipher;

import java.util.Optional;

/**
 * How webhook signing secrets are kept. HMAC needs the secret itself, not a hash: with {@code LANYARD_JWT_SECRET_KEY} set, it
 * is stored sealed with that key (AES-256-GCM, bound to this column), so a database dump holds no secret to sign webhooks
 * with; without it, it is stored as it is. A sealed secret opens only with the key that sealed it.
 */
public final class SubscriptionSecrets {

  private static final String PURPOSE = "webhook_subscriptions.secret";

  private final Optional<SecretCipher> cipher;

  private SubscriptionSecrets(Optional<SecretCipher> cipher) {
    this.cipher = cipher;
  }

  /** @param key the configured {@code LANYARD_JWT_SECRET_KEY}, when there is one */
  public static SubscriptionSecrets with(Optional<Secret> key) {
    return new SubscriptionSecrets(key.map(found -> SecretCipher.of(found.reveal(), PURPOSE)));
  }

  /** What to store for a new secret. */
  public String toStore(String secret) {
    return cipher.map(sealer -> sealer.seal(secret)).orElse(secret);
  }

  /** The secret that signs, or empty when it is sealed and this key (or no key) cannot open it. */
  public Optional<String> toSign(String stored) {
    if (!SecretCipher.isSealed(stored)) {
      return Optional.of(stored);
    }
    return cipher.flatMap(opener -> opener.open(stored));
  }

  public boolean seals() {
    return cipher.isPresent();
  }
}
