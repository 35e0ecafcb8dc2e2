package io.lanyard.model.accounts;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.SharedServiceFixture;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * V39.2: an account stored with ß (the capital sharp s ẞ folded one round, before addresses were folded to a fixed point)
 * gets the form lookups use, ss, and signs in again whichever of ẞ, ß or ss is typed; one whose folded form another account
 * already has is left for the operator. The migration's own text is run again over rows written as the old folding did.
 */
class SharpSFoldMigrationIT extends SharedServiceFixture {

  private static final String MIGRATION = "/db/migration/V39.2__fold_sharp_s_in_stored_addresses.sql";

  @Test
  void anAccountStoredWithSharpSIsFoundAgainByEveryWayOfTypingIt() throws IOException {
    String id = Accounts.createActive(app, "grosse@fair.example");
    db.query("UPDATE users SET email = 'große@fair.example' WHERE id = $1::uuid", id);
    assertThat(Accounts.loginStatus(app, "GROẞE@fair.example", Accounts.PASSWORD)).as("before the fix").isEqualTo(401);

    runMigration();

    assertThat(db.single("SELECT email FROM users WHERE id = $1::uuid", id).getString(0)).isEqualTo("grosse@fair.example");
    for (String typed : new String[] {"GROẞE@fair.example", "große@fair.example", "GROSSE@fair.example"}) {
      assertThat(Accounts.loginStatus(app, typed, Accounts.PASSWORD)).as(typed).isEqualTo(200);
    }
  }

  @Test
  void anAccountWhoseFoldedFormIsTakenIsLeftForTheOperator() throws IOException {
    String old = Accounts.createActive(app, "strasse@fair.example", "the older one's password");
    db.query("UPDATE users SET email = 'straße@fair.example' WHERE id = $1::uuid", old);
    String newer = Accounts.createActive(app, "strasse@fair.example");

    runMigration();

    assertThat(db.single("SELECT email FROM users WHERE id = $1::uuid", old).getString(0)).isEqualTo("straße@fair.example");
    assertThat(db.single("SELECT email FROM users WHERE id = $1::uuid", newer).getString(0)).isEqualTo("strasse@fair.example");
    assertThat(Accounts.loginStatus(app, "strasse@fair.example", Accounts.PASSWORD)).isEqualTo(200);
  }

  private void runMigration() throws IOException {
    try (InputStream sql = getClass().getResourceAsStream(MIGRATION)) {
      assertThat(sql).as(MIGRATION).isNotNull();
      db.script(new String(sql.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
