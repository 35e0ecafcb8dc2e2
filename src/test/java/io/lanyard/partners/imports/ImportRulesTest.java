package io.lanyard.partners.imports;

import io.lanyard.model.api.FieldProblem;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The rules of an imported row: the API's, and bcrypt hashes of the three versions kept as they are. */
class ImportRulesTest {

  private static final String SALT_AND_HASH = "abcdefghijklmnopqrstuv./ABCDEFGHIJKLMNOPQRSTUVWXYZ012";

  @Test
  void bcryptHashesOfEveryVersionAndCostArePassedAsTheyAre() {
    for (String hash : List.of("$2a$10$" + SALT_AND_HASH, "$2b$04$" + SALT_AND_HASH, "$2y$31$" + SALT_AND_HASH)) {
      ImportRules.Checked checked = ImportRules.check(row(Map.of("passwordHash", hash)));

      assertThat(checked.problems()).as(hash).isEmpty();
      assertThat(checked.row().passwordHash()).contains(hash);
    }
  }

  @Test
  void anythingElseInPasswordHashIsRejected() {
    for (String hash : List.of("$2x$10$" + SALT_AND_HASH, "$2a$03$" + SALT_AND_HASH, "$2a$32$" + SALT_AND_HASH,
      "$2a$10$" + SALT_AND_HASH.substring(1), "$argon2id$v=19$m=65536,t=3,p=4$abc", "a long clear password")) {
      assertThat(reasons(Map.of("passwordHash", hash))).as(hash).containsExactly("passwordHash:not_a_bcrypt_hash");
    }
  }

  @Test
  void theApisRulesApply() {
    assertThat(reasons(Map.of("email", "not an address"))).containsExactly("email:invalid_email");
    assertThat(reasons(Map.of("language", "deu-DE"))).containsExactly("language:unsupported_language");
    assertThat(reasons(Map.of("civility", "2", "country", "FR"))).containsExactlyInAnyOrder("civility:not_0_or_1",
      "country:not_iso_3166_alpha_3");
    assertThat(reasons(Map.of("city", "x".repeat(256)))).containsExactly("city:too_long");
    assertThat(reasons(Map.of("fromSalon", "x".repeat(256)))).containsExactly("fromSalon:too_long");
    assertThat(reasons(Map.of("fromSalon", "salon\u0000", "mobilephone:content", "06\u0000", "city", "Ly\u0000on")))
      .containsExactlyInAnyOrder("fromSalon:invalid_character", "mobilephone:content:invalid_character",
        "city:invalid_character");
  }

  @Test
  void fairNamesAreSlugsAsTheCreationRoutesTakeThem() {
    assertThat(reasons(Map.of("fromSalon", "www.evil.example click here", "fromSessionSalon", "-spring")))
      .containsExactlyInAnyOrder("fromSalon:invalid_slug", "fromSessionSalon:invalid_slug");
    assertThat(reasons(Map.of("fromSalon", "x".repeat(65)))).containsExactly("fromSalon:invalid_slug");
    assertThat(reasons(Map.of("fromSalon", "Salon_2026.v2-" + "x".repeat(50), "fromSessionSalon", "9")))
      .as("64 characters, and one").isEmpty();
  }

  @Test
  void theAddressIsNormalisedAndPhonesAreTakenAsProfileFields() {
    ImportRules.Checked checked = ImportRules.check(row(Map.of("email", "Ann@Example.COM", "mobilephone:indicatif", "+33",
      "mobilephone:content", "612345678")));

    assertThat(checked.row().email()).isEqualTo("ann@example.com");
    assertThat(checked.row().profile().getString("mobilephone:content")).isEqualTo("612345678");
  }

  private static List<String> reasons(Map<String, String> overrides) {
    return ImportRules.check(row(overrides)).problems().stream().map(problem -> problem.field() + ":" + problem.reason())
      .toList();
  }

  private static RawRow row(Map<String, String> overrides) {
    Map<String, String> values = new HashMap<>(Map.of("email", "ann@example.com", "language", "eng-GB", "fromSalon", "salon",
      "fromSessionSalon", "session"));
    values.putAll(overrides);
    return new RawRow(2, values, List.<FieldProblem>of());
  }
}
