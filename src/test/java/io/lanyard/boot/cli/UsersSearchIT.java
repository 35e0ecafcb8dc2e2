package io.lanyard.boot.cli;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.SharedServiceFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code users search}: any part of an address, first or last name, case and accents aside, newest first, paged. Accounts are
 * created over HTTP; their names are written in SQL, as a partner's profile update would leave them.
 */
class UsersSearchIT extends SharedServiceFixture {

  private static final String HEADER = "id\temail\tstatus\tfirstname\tlastname\tcreated_at";

  @BeforeEach
  void accounts() {
    // oldest first; each its own transaction, so created_at grows
    account("helene.dupont@example.com", "Hélène", "Dupont");
    account("bob@fair.example", "Bob", "Martin");
    account("helene@example.org", "HELENE", "Durand");
    account("zoe@elsewhere.test", "Zoé", "Lefèvre");
    account("percent_100@example.com", "Anne", "Cent");
    account("percentX100@example.com", "Anne", "Autre");
  }

  @Test
  void findsByPartOfAnAddressNewestFirst() {
    Cli.Run run = Cli.run("users", "search", "EXAMPLE.");

    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    assertThat(emails(run)).containsExactly("percentX100@example.com", "percent_100@example.com", "helene@example.org",
      "helene.dupont@example.com");
    assertThat(run.lines().get(0)).isEqualTo(HEADER);
    String[] cells = run.lines().get(3).split("\t");
    assertThat(cells[0]).isEqualTo(id("helene@example.org"));
    assertThat(cells[2]).isEqualTo("active");
    assertThat(cells[3]).isEqualTo("HELENE");
    assertThat(cells[4]).isEqualTo("Durand");
    assertThat(cells[5]).isEqualTo(db.single("SELECT created_at FROM users WHERE email = 'helene@example.org'")
      .getOffsetDateTime(0).toInstant().toString());
  }

  @Test
  void accentsAndCaseAsideBothWays() {
    assertThat(emails(Cli.run("users", "search", "helene"))).containsExactly("helene@example.org", "helene.dupont@example.com");
    assertThat(emails(Cli.run("users", "search", "HÉLÈNE"))).containsExactly("helene@example.org", "helene.dupont@example.com");
    assertThat(emails(Cli.run("users", "search", "lefevre"))).containsExactly("zoe@elsewhere.test");
    assertThat(emails(Cli.run("users", "search", "zoé"))).containsExactly("zoe@elsewhere.test");
  }

  @Test
  void findsByFirstOrLastNameOrBoth() {
    assertThat(emails(Cli.run("users", "search", "mart"))).containsExactly("bob@fair.example");
    assertThat(emails(Cli.run("users", "search", "hélène dup"))).containsExactly("helene.dupont@example.com");
  }

  @Test
  void pagesFollowEachOtherWithoutOverlap() {
    List<String> first = emails(Cli.run("users", "search", "example.", "--limit", "2"));
    List<String> second = emails(Cli.run("users", "search", "example.", "--limit", "2", "--page", "2"));
    Cli.Run beyond = Cli.run("users", "search", "example.", "--limit", "2", "--page", "3");

    assertThat(first).containsExactly("percentX100@example.com", "percent_100@example.com");
    assertThat(second).containsExactly("helene@example.org", "helene.dupont@example.com");
    assertThat(beyond.exitCode()).isZero();
    assertThat(beyond.lines()).containsExactly(HEADER);
    assertThat(beyond.err()).contains("no account on that page");
  }

  @Test
  void wildcardsAreLookedForAsTyped() {
    assertThat(emails(Cli.run("users", "search", "percent_"))).containsExactly("percent_100@example.com");
    assertThat(emails(Cli.run("users", "search", "t_1"))).containsExactly("percent_100@example.com");
    assertThat(emails(Cli.run("users", "search", "%100"))).isEmpty();
    assertThat(emails(Cli.run("users", "search", "100\\"))).isEmpty();
  }

  @Test
  void noMatchIsAnEmptyListNotAnError() {
    Cli.Run run = Cli.run("users", "search", "nobody-here");

    assertThat(run.exitCode()).isZero();
    assertThat(run.lines()).containsExactly(HEADER);
    assertThat(run.err()).contains("no account matches");
  }

  @Test
  void erasedAccountsAreNeverFound() {
    assertThat(Cli.run("users", "delete", "bob@fair.example").exitCode()).isZero();

    assertThat(emails(Cli.run("users", "search", "fair.example"))).isEmpty();
  }

  @Test
  void badInputIsRefusedWithExitStatus2() {
    assertRefused(Cli.run("users", "search", ""), "3 to 254 characters");
    assertRefused(Cli.run("users", "search", "  ab  "), "3 to 254 characters");
    assertRefused(Cli.run("users", "search", "a".repeat(255)), "3 to 254 characters");
    assertRefused(Cli.run("users", "search", "abc\u0000def"), "no control characters");
    assertRefused(Cli.run("users", "search", "example", "--limit", "0"), "--limit: 1 to 100");
    assertRefused(Cli.run("users", "search", "example", "--limit", "101"), "--limit: 1 to 100");
    assertRefused(Cli.run("users", "search", "example", "--page", "0"), "--page");
    assertRefused(Cli.run("users", "search", "example", "--limit", "100", "--page", "101"), "--page");
    assertRefused(Cli.run("users", "search", "example", "--limit", "many"), "--limit");
  }

  private void account(String email, String firstname, String lastname) {
    Accounts.createActive(app, email);
    db.query("UPDATE users SET profile = jsonb_build_object('firstname', $2::text, 'lastname', $3::text) WHERE email = $1",
      email, firstname, lastname);
  }

  private String id(String email) {
    return db.single("SELECT id::text FROM users WHERE email = $1", email).getString(0);
  }

  private static List<String> emails(Cli.Run run) {
    assertThat(run.exitCode()).withFailMessage(run.err()).isZero();
    return run.lines().stream().skip(1).map(line -> line.split("\t")[1]).toList();
  }

  private static void assertRefused(Cli.Run run, String message) {
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(message);
    assertThat(run.out()).isEmpty();
  }
}
