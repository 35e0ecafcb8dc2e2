package io.lanyard.services.events;

import io.lanyard.platform.config.Secret;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Webhook secrets at rest: sealed with the configured key, opened only with it; kept as they are without one. */
class SubscriptionSecretsTest {

  private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  private static final Secret KEY = new Secret("q3VnKq1m9w0bXo0vC1e2Hk7Zt4yR8pLs6aNdUf5gJiE=");
  private static final Secret OTHER_KEY = new Secret("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");

  @Test
  void withAKeyTheSecretIsStoredSealedAndOpensWithThatKeyOnly() {
    SubscriptionSecrets secrets = SubscriptionSecrets.with(Optional.of(KEY));

    String stored = secrets.toStore(SECRET);

    assertThat(stored).startsWith("aes256gcm:v1:").doesNotContain(SECRET).doesNotContain("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    assertThat(secrets.toSign(stored)).contains(SECRET);
    assertThat(SubscriptionSecrets.with(Optional.of(OTHER_KEY)).toSign(stored)).isEmpty();
    assertThat(SubscriptionSecrets.with(Optional.empty()).toSign(stored)).isEmpty();
  }

  @Test
  void withoutAKeyTheSecretIsStoredAsItIsAndStillSigns() {
    SubscriptionSecrets secrets = SubscriptionSecrets.with(Optional.empty());

    assertThat(secrets.toStore(SECRET)).isEqualTo(SECRET);
    assertThat(secrets.toSign(SECRET)).contains(SECRET);
    assertThat(SubscriptionSecrets.with(Optional.of(KEY)).toSign(SECRET)).as("stored before a key was set").contains(SECRET);
  }
}
