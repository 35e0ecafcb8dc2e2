package io.lanyard.services.session;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Eventually;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.lanyard.testing.TestApp;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user removed from the database (by SQL, behind the service's back) loses access on every route and every instance, the
 * memory-only ones included (getAllUserTypes, checkToken): the deletion writes a session cut-off that every instance hears of
 * by NOTIFY, so tokens are still checked from memory, with no query per request.
 */
class DeletedAccountIT extends SharedServiceFixture {

  private static final String USER_TYPES = "/_plugin/Vendor/user/getAllUserTypes";

  @Test
  void deletedUserIsRefusedEverywhereOnEveryInstance() {
    String userId = Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");
    // started after the fixture emptied the database: it records the longest token lifetime the cut-off is kept for
    try (TestApp other = TestApp.start(Map.of("LANYARD_CACHE_REFRESH_INTERVAL", "1h"))) {
      assertThat(other.http().get(USER_TYPES, jwt).status()).isEqualTo(200);

      db.query("DELETE FROM users WHERE id = $1::uuid", userId);

      for (TestApp instance : List.of(app, other)) {
        Eventually.until(() -> instance.http().get(USER_TYPES, jwt).status() == 401, "the deletion reaches every instance");
        Http.Response types = instance.http().get(USER_TYPES, jwt);
        Http.Response checked = instance.http().post("/_checkToken", new JsonObject().put("token", jwt));
        Http.Response me = instance.http().get("/_me", jwt);
        Http.Response refreshed = instance.http().post("/_refreshToken", new JsonObject(), jwt);

        assertThat(types.error().getString("message")).isEqualTo("Invalid token");
        assertThat(checked.result()).isEqualTo(new JsonObject().put("valid", false).put("state", "Invalid token"));
        assertThat(me.status()).isEqualTo(401);
        assertThat(refreshed.status()).isEqualTo(401);
      }
      Row cutoff = db.single("SELECT user_id::text AS id, extract(epoch FROM expires_at - not_before)::bigint AS kept "
        + "FROM session_cutoffs");
      assertThat(cutoff.getString("id")).isEqualTo(userId);
      // jwt.maxTtl, and the second exp is rounded up by
      assertThat(cutoff.getLong("kept")).isEqualTo(Duration.ofHours(12).plusSeconds(1).toSeconds());
    }
  }

  @Test
  void aLaterAccountOfTheSameAddressLogsInAfresh() {
    String userId = Accounts.createActive(app, "ann@example.com");
    db.query("DELETE FROM users WHERE id = $1::uuid", userId);

    Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");

    assertThat(http.get(USER_TYPES, jwt).status()).isEqualTo(200);
  }

  @Test
  void aRestartedInstanceLoadsTheCutOffOfAUserDeletedWhileItWasDown() {
    String userId = Accounts.createActive(app, "ann@example.com");
    String jwt = Accounts.login(app, "ann@example.com");
    db.query("DELETE FROM users WHERE id = $1::uuid", userId);

    try (TestApp started = TestApp.start(Map.of())) {
      assertThat(started.http().get(USER_TYPES, jwt).status()).isEqualTo(401);
    }
    Eventually.until(() -> http.get(USER_TYPES, jwt).status() == 401, Duration.ofSeconds(10), "the shared instance hears it");
  }
}
