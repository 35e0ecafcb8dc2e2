package io.lanyard.boot.cli;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code staff grant|revoke|list}: the rows they write, what they print, the audit trail, and what they refuse. */
class StaffCliIT {

  private static final String DESK = "desk-7@fair.example";

  private final TestApp app = TestApp.shared();
  private final TestDb db = TestDb.get();
  private String deskId;

  @BeforeEach
  void oneAccount() {
    db.truncate();
    deskId = Accounts.createActive(app, DESK);
  }

  @Test
  void grantGivesTheRoleAndRecordsWhoDidIt() {
    Cli.Run grant = Cli.run("staff", "grant", " Desk-7@Fair.Example ", "--role", "desk", "--operator", "sam");

    assertThat(grant.exitCode()).withFailMessage(grant.err()).isZero();
    assertThat(grant.lines()).containsExactly(deskId);
    Row role = db.single("SELECT user_id::text, role, granted_by FROM staff_roles");
    assertThat(role.getString(0)).isEqualTo(deskId);
    assertThat(role.getString(1)).isEqualTo("desk");
    assertThat(role.getString(2)).isEqualTo("operator sam");
    Row event = db.single("SELECT user_id::text, identifier, detail, user_agent FROM audit_events WHERE kind = 'staff.granted'");
    assertThat(event.getString(0)).isEqualTo(deskId);
    assertThat(event.getString(1)).isEqualTo(DESK);
    assertThat(event.getString(2)).isEqualTo("desk by operator sam");
    assertThat(event.getString(3)).isEqualTo("lanyard-cli");
  }

  @Test
  void grantingAgainReplacesTheRoleAndSaysWhatItWas() {
    Cli.run("staff", "grant", DESK, "--role", "desk", "--operator", "sam");

    Cli.Run again = Cli.run("staff", "grant", DESK, "--role", "admin", "--operator", "sam");

    assertThat(again.exitCode()).withFailMessage(again.err()).isZero();
    assertThat(db.single("SELECT role FROM staff_roles").getString(0)).isEqualTo("admin");
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE kind = 'staff.granted' AND detail = 'admin (was desk) by operator sam'"))
      .isEqualTo(1);
  }

  @Test
  void listShowsEachMemberAsATable() {
    Cli.run("staff", "grant", DESK, "--role", "admin", "--operator", "sam");

    Cli.Run list = Cli.run("staff", "list");

    assertThat(list.exitCode()).withFailMessage(list.err()).isZero();
    assertThat(list.lines()).hasSize(2);
    assertThat(list.lines().get(0)).isEqualTo("id\temail\trole\tstatus\tgranted_at\tgranted_by");
    assertThat(list.lines().get(1)).startsWith(deskId + "\t" + DESK + "\tadmin\tactive\t").endsWith("\toperator sam");
  }

  @Test
  void revokeTakesTheRoleBackAndIsAudited() {
    Cli.run("staff", "grant", DESK, "--role", "desk", "--operator", "sam");

    Cli.Run revoke = Cli.run("staff", "revoke", DESK, "--operator", "sam");

    assertThat(revoke.exitCode()).withFailMessage(revoke.err()).isZero();
    assertThat(revoke.lines()).containsExactly("revoked\tdesk");
    assertThat(db.count("SELECT count(*) FROM staff_roles")).isZero();
    assertThat(db.single("SELECT detail FROM audit_events WHERE kind = 'staff.revoked'").getString(0))
      .isEqualTo("desk by operator sam");
    Cli.Run list = Cli.run("staff", "list");
    assertThat(list.lines()).containsExactly("id\temail\trole\tstatus\tgranted_at\tgranted_by");
    assertThat(list.err()).contains("no staff yet");
  }

  @Test
  void refusesUnknownAddressesAndRolesAndChangesNothing() {
    Cli.Run unknown = Cli.run("staff", "grant", "nobody@fair.example", "--role", "desk");
    Cli.Run badRole = Cli.run("staff", "grant", DESK, "--role", "root");
    Cli.Run notStaff = Cli.run("staff", "revoke", DESK);

    assertThat(unknown.exitCode()).isEqualTo(1);
    assertThat(unknown.err()).contains("no account has that e-mail address");
    assertThat(badRole.exitCode()).isEqualTo(2);
    assertThat(badRole.err()).contains("--role: desk or admin");
    assertThat(notStaff.exitCode()).isEqualTo(1);
    assertThat(notStaff.err()).contains("not staff");
    assertThat(db.count("SELECT count(*) FROM staff_roles")).isZero();
    assertThat(db.count("SELECT count(*) FROM audit_events WHERE kind LIKE 'staff.%'")).isZero();
  }

  @Test
  void anErasedAccountGetsNoRoleAndErasureDropsOne() {
    Cli.run("staff", "grant", DESK, "--role", "desk");

    Cli.run("users", "delete", DESK);

    assertThat(db.count("SELECT count(*) FROM staff_roles")).isZero();
  }
}
