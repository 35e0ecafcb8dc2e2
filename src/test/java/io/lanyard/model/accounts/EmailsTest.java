package io.lanyard.model.accounts;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EmailsTest {

  @Test
  void normalisesByTrimmingComposingAndLowerCasing() {
    assertThat(Emails.normalise("  Ann@Example.COM\t")).isEqualTo("ann@example.com");
    assertThat(Emails.normalise("ZOE\u0301@x.fr")).isEqualTo("zo\u00e9@x.fr");
  }

  @Test
  void foldsCompatibilityFormsAndCase() {
    assertThat(Emails.normalise("\uff41\uff4e\uff4e@example.com")).isEqualTo("ann@example.com");
    assertThat(Emails.normalise("\ufb01nn@example.com")).isEqualTo("finn@example.com");
    assertThat(Emails.normalise("STRA\u00dfE@example.com")).isEqualTo(Emails.normalise("strasse@example.com"));
    assertThat(Emails.normalise("ANN@\uff25XAMPLE.COM")).isEqualTo("ann@example.com");
  }

  @Test
  void theFormIsAFixedPointSoTheLockoutAndTheLookupAgree() {
    // the capital sharp s lowers to ß, which folds to ss: one fold left ẞ and ss apart for lookups, together for locks
    assertThat(Emails.normalise("STRA\u1e9eE@example.com")).isEqualTo("strasse@example.com");
    for (String typed : new String[] {"STRA\u1e9eE@example.com", "Stra\u00dfe@example.com", "\uff21nn@example.com",
      "\u1e9e\u1e9e@x.de"}) {
      String once = Emails.normalise(typed);
      assertThat(Emails.normalise(once)).withFailMessage(typed).isEqualTo(once);
    }
  }

  @Test
  void refusesInvisibleAndFormatCharacters() {
    for (String hidden : new String[] {"\u200b", "\u200d", "\u200c", "\u00ad", "\ufeff", "\u202e", "\u2066", "\u00a0",
      "\u0000", "\u0007", "\u3164", "\u2800", "\ufe0f", "\u2028"}) {
      String email = Emails.normalise("an" + hidden + "n@example.com");
      assertThat(Emails.isValid(email)).withFailMessage("U+%04X", (int) hidden.charAt(0)).isFalse();
    }
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
