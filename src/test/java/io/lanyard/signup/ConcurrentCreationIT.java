package io.lanyard.signup;

import io.lanyard.testing.Await;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** Peak registration's worst case: many simultaneous creations of one address give one account and one mail. */
class ConcurrentCreationIT extends SharedServiceFixture {

  private static final List<String> VARIANTS = List.of("ann@example.com", " Ann@Example.com", "ANN@EXAMPLE.COM\t",
    "  ann@EXAMPLE.com  ", "aNn@example.COM");

  private Fixtures.App fair;

  @BeforeEach
  void registrationApp() {
    fair = Fixtures.registrationApp(app, "fair");
  }

  @Test
  void fiftySimultaneousCreatesOverBothRoutesGiveOneAccountAndOneMail() {
    List<Future<Http.Response>> requests = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      String email = VARIANTS.get(i % VARIANTS.size());
      JsonObject body = i % 2 == 0
        ? creation(email, fair.token(), null, null)
        : creation(email, fair.token(), "a long password", true);
      String path = i % 2 == 0 ? "/_plugin/Vendor/user/create" : "/_plugin/Vendor/user/createWithPassword";
      requests.add(app.http().postAsync(path, body));
    }

    List<Http.Response> responses = requests.stream().map(Await::await).toList();

    assertThat(responses).allSatisfy(response -> assertThat(response.status()).isEqualTo(200));
    List<Integer> codes = responses.stream().map(Http.Response::statusCode).toList();
    assertThat(codes).containsOnly(0, 143);
    assertThat(codes.stream().filter(code -> code == 0).count()).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM mail_outbox")).isEqualTo(1);
    assertThat(smtp.awaitMessages(1)).hasSize(1);
    assertThat(smtp.assertNoMoreThan(1, Duration.ofSeconds(1))).hasSize(1);
  }

  @Test
  void fiftySimultaneousLinkCreatesGiveOneAccountOneLinkAndOneMail() {
    List<Future<Http.Response>> requests = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      requests.add(app.http().postAsync("/_plugin/Vendor/user/create",
        creation(VARIANTS.get(i % VARIANTS.size()), fair.token(), null, null)));
    }

    List<Integer> codes = requests.stream().map(Await::await).map(Http.Response::statusCode).toList();

    assertThat(codes).containsOnly(0, 143);
    assertThat(codes.stream().filter(code -> code == 0).count()).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM account_links")).isEqualTo(1);
    assertThat(smtp.awaitMessages(1)).hasSize(1);
    assertThat(smtp.assertNoMoreThan(1, Duration.ofSeconds(1))).hasSize(1);
  }
}
