package io.lanyard.accounts;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EmailsTest {

  @Test
  void normalisesByTrimmingComposingAndLowerCasing() {
    assertThat(Emails.normalise("  Ann@Example.COM\t")).isEqualTo("ann@example.com");
    assertThat(Emails.normalise("ZOE\u0301@x.fr")).isEqualTo("zo\u00e9@x.fr");
  }

  @Test
  void acceptsOrdinaryAddresses() {
    for (String email : new String[] {"a@b.co", "first.last+tag@sub.example.org", "zo\u00e9@exemple.fr"}) {
      assertThat(Emails.isValid(email)).withFailMessage(email).isTrue();
    }
  }

  @Test
  void refusesWhatIsNotAnAddress() {
    for (String email : new String[] {"", "plain", "@example.com", "a@", "a@b", "a@@b.com", "a@b@c.com", "a b@c.com", "a@b..com",
      "a@b.com.", "a@.com", "x".repeat(250) + "@b.com", "a\n@b.com"}) {
      assertThat(Emails.isValid(email)).withFailMessage(email).isFalse();
    }
  }
}
