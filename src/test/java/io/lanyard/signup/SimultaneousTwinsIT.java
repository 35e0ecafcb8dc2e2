package io.lanyard.signup;

import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hundred simultaneous {@code createWithPassword} of one address from one source, with a hash queue far smaller than a
 * hundred hashes: one account, and every other request told the address is taken (143), none refused as overloaded (503).
 */
class SimultaneousTwinsIT {

  private static final int TWINS = 100;

  private final TestDb db = TestDb.get();
  private TestApp app;

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void aHundredSimultaneousCreatesOfOneAddressGiveOneAccountAndNinetyNineAlreadyExists() {
    db.truncate();
    // one bcrypt thread at a real cost: the queue's 2 s hold a few hashes, and one source's fair share fewer still
    app = TestApp.start(Map.of("LANYARD_HASH_THREADS", "1", "LANYARD_BCRYPT_COST", "10",
      "LANYARD_SOURCE_RATE_CREDENTIALS", "off", "LANYARD_SOURCE_ALLOWLIST", ""));
    Fixtures.App fair = Fixtures.registrationApp(app, "fair");
    Http http = app.http(TWINS);
    List<Future<Http.Response>> twins = new ArrayList<>();

    for (int i = 0; i < TWINS; i++) {
      twins.add(http.postAsync("/_plugin/Vendor/user/createWithPassword",
        creation(i % 2 == 0 ? "ann@example.com" : "ANN@example.com", fair.token(), "a long password", false)));
    }

    List<Http.Response> replies = twins.stream().map(twin -> await(twin, 60)).toList();
    assertThat(replies).allSatisfy(reply -> assertThat(reply.status()).withFailMessage(reply.pretty()).isEqualTo(200));
    List<Integer> codes = replies.stream().map(Http.Response::statusCode).toList();
    assertThat(codes.stream().filter(code -> code == 0).count()).isEqualTo(1);
    assertThat(codes.stream().filter(code -> code == 143).count()).isEqualTo(TWINS - 1);
    assertThat(replies).filteredOn(reply -> reply.statusCode() == 143)
      .allSatisfy(reply -> assertThat(reply.result().getString("message")).isEqualTo("create_user_already_exist"));
    assertThat(db.count("SELECT count(*) FROM users WHERE email = 'ann@example.com'")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
  }
}
