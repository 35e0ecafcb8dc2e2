package io.lanyard.services.webhooks;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

/** Standard Webhooks signing, checked against the specification's own example, and the secrets' form. */
class WebhookSignatureTest {

  @Test
  void signsAsTheStandardWebhooksExample() {
    String signature = WebhookSignature.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
      1614265330, "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8));

    assertThat(signature).isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  }

  @Test
  void secretsAreThirtyTwoRandomBytesInTheWhsecForm() {
    String first = WebhookSignature.newSecret();
    String second = WebhookSignature.newSecret();

    assertThat(first).startsWith("whsec_").isNotEqualTo(second);
    assertThat(Base64.getDecoder().decode(first.substring("whsec_".length()))).hasSize(32);
  }

  @Test
  void anotherSecretOrBodyGivesAnotherSignature() {
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
    String secret = WebhookSignature.newSecret();

    assertThat(WebhookSignature.sign(secret, "msg_1", 1, body)).isNotEqualTo(WebhookSignature.sign(WebhookSignature.newSecret(),
      "msg_1", 1, body)).isNotEqualTo(WebhookSignature.sign(secret, "msg_1", 2, body))
      .isNotEqualTo(WebhookSignature.sign(secret, "msg_1", 1, "{ }".getBytes(StandardCharsets.UTF_8)));
  }
}
