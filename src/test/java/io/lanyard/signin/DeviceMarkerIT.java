package io.lanyard.signin;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Device markers (docs/security.md#device-markers), both sides. The attacker guesses from ten addresses of its own (sockets
 * bound to 127.0.0.11 and up: no proxy is trusted, the service sees ten peers) and locks Ann's name after 3 failures (this
 * service's setting); Ann's client that signed in before still gets in with its marker, while a client without one, or with
 * a forged one or another name's, is locked out as before. Failures sent with a marker count against the marker alone.
 */
class DeviceMarkerIT {

  private static final String ANN = "ann@example.com";
  private static final String BOB = "bob@example.com";
  private static final String WRONG = "not the password";
  private static final String HEADER = "X-Lanyard-Device";
  private static final Map<String, String> SETTINGS = Map.of("LANYARD_LOCKOUT_FAILURES", "3", "LANYARD_LOCKOUT_WAIT", "10s",
    "LANYARD_LOCKOUT_MAX_WAIT", "30s", "LANYARD_LOCKOUT_WINDOW", "12h");

  private static TestApp app;
  private static Http owner;
  private static List<Http> botnet;
  private final TestDb db = TestDb.get();
  private String annId;

  @BeforeAll
  static void start() {
    app = TestApp.start(SETTINGS);
    owner = app.http();
    botnet = new ArrayList<>();
    for (int i = 11; i <= 20; i++) {
      botnet.add(app.httpFrom("127.0.0." + i));
    }
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void accounts() {
    db.truncate();
    annId = Accounts.createActive(app, ANN);
    Accounts.createActive(app, BOB);
  }

  @Test
  void aSuccessfulLoginAnswersAMarkerAndStoresNothing() {
    Http.Response ok = login(owner, ANN, Accounts.PASSWORD, null);

    assertThat(ok.status()).isEqualTo(200);
    String marker = ok.result().getString("deviceToken");
    assertThat(marker).matches("v1\\.[0-9a-f]{32}\\.[0-9]+\\.[A-Za-z0-9_-]{43}");
    assertThat(ok.result().getString("_id")).isEqualTo(annId);
    assertThat(login(owner, ANN, Accounts.PASSWORD, null).result().getString("deviceToken")).isNotEqualTo(marker);
    assertThat(db.count("SELECT count(*) FROM login_lockouts")).isZero();
  }

  @Test
  void theOwnersMarkedClientSignsInWhileTheBotnetKeepsTheNameLocked() {
    String marker = login(owner, ANN, Accounts.PASSWORD, null).result().getString("deviceToken");

    List<Integer> attack = new ArrayList<>();
    for (Http bot : botnet) {
      attack.add(login(bot, ANN, WRONG, null).status());
    }
    assertThat(attack).containsExactly(401, 401, 401, 429, 429, 429, 429, 429, 429, 429);

    Http.Response marked = login(owner, ANN, Accounts.PASSWORD, marker);
    assertThat(marked.status()).withFailMessage(marked.pretty()).isEqualTo(200);
    assertThat(marked.result().getString("_id")).isEqualTo(annId);
    assertThat(owner.get("/_me", marked.result().getString("jwt")).status()).isEqualTo(200);
    assertThat(marked.result().getString("deviceToken")).isNotEqualTo(marker);
    assertThat(login(owner, ANN, Accounts.PASSWORD, marked.result().getString("deviceToken")).status())
      .as("the renewed marker is good too").isEqualTo(200);

    // the marked success lifted nothing: the attackers, and any client without a marker, are still locked out
    assertThat(login(botnet.get(0), ANN, Accounts.PASSWORD, null).status()).isEqualTo(429);
    assertThat(db.count("SELECT count(*) FROM login_lockouts WHERE identifier_hash = sha256('ann@example.com'::bytea) "
      + "AND locked_until > now()")).isEqualTo(1);
  }

  @Test
  void theOwnerWithoutAMarkerIsLockedOutAsBefore() {
    for (Http bot : botnet.subList(0, 3)) {
      login(bot, ANN, WRONG, null);
    }

    Http.Response unmarked = login(owner, ANN, Accounts.PASSWORD, null);

    assertThat(unmarked.status()).isEqualTo(429);
    assertThat(unmarked.headers().get("Retry-After")).isEqualTo("10");
  }

  @Test
  void forgedAndOtherNamesMarkersGiveNoExemption() {
    String annMarker = login(owner, ANN, Accounts.PASSWORD, null).result().getString("deviceToken");
    String bobMarker = login(owner, BOB, Accounts.PASSWORD, null).result().getString("deviceToken");
    for (Http bot : botnet.subList(0, 3)) {
      login(bot, ANN, WRONG, null);
    }
    String[] parts = annMarker.split("\\.");
    String flippedMac = parts[0] + "." + parts[1] + "." + parts[2] + "." + flip(parts[3]);
    String laterExpiry = parts[0] + "." + parts[1] + "." + (Long.parseLong(parts[2]) + 86_400) + "." + parts[3];
    String otherId = parts[0] + "." + flip(parts[1]) + "." + parts[2] + "." + parts[3];

    for (String forged : List.of(flippedMac, laterExpiry, otherId, bobMarker, "v1.garbage", "x".repeat(5000), "")) {
      assertThat(login(owner, ANN, Accounts.PASSWORD, forged).status()).as(forged.length() > 80 ? "long" : forged)
        .isEqualTo(429);
    }
    assertThat(login(owner, ANN, Accounts.PASSWORD, annMarker).status()).isEqualTo(200);
  }

  @Test
  void failuresWithAMarkerCountAgainstTheMarkerOnly() {
    String marker = login(owner, ANN, Accounts.PASSWORD, null).result().getString("deviceToken");

    // a thief holding Ann's marker: three guesses, then the marker is locked, not the name
    assertThat(login(botnet.get(0), ANN, WRONG, marker).status()).isEqualTo(401);
    assertThat(login(botnet.get(1), ANN, WRONG, marker).status()).isEqualTo(401);
    assertThat(login(botnet.get(2), ANN, WRONG, marker).status()).isEqualTo(401);
    assertThat(login(botnet.get(3), ANN, Accounts.PASSWORD, marker).status()).isEqualTo(429);

    assertThat(db.count("SELECT count(*) FROM login_lockouts WHERE identifier_hash = sha256('ann@example.com'::bytea)"))
      .as("the name counted nothing").isZero();
    assertThat(db.count("SELECT count(*) FROM login_lockouts WHERE locked_until > now()")).isEqualTo(1);
    assertThat(login(owner, ANN, Accounts.PASSWORD, null).status()).as("Ann signs in without it").isEqualTo(200);
  }

  private static Http.Response login(Http client, String email, String password, String marker) {
    MultiMap headers = MultiMap.caseInsensitiveMultiMap();
    if (marker != null) {
      headers.add(HEADER, marker);
    }
    return client.send(HttpMethod.POST, "/_login/local",
      new JsonObject().put("username", email).put("password", password).toBuffer(), headers);
  }

  /** The text with its last character changed (to another of the same alphabet). */
  private static String flip(String text) {
    char last = text.charAt(text.length() - 1);
    return text.substring(0, text.length() - 1) + (last == 'a' ? 'b' : 'a');
  }
}
