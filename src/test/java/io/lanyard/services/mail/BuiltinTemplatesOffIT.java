package io.lanyard.services.mail;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.lanyard.testing.Fixtures.creation;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code mail.builtinTemplates=false}: an application without a template of its own gets 187 again, and nothing is written. */
class BuiltinTemplatesOffIT {

  @Test
  void everyMailingRouteIs187WithoutItsTemplateAndWritesNothing() {
    TestDb db = TestDb.get();
    db.truncate();
    try (TestApp strict = TestApp.start(Map.of("LANYARD_MAIL_BUILTIN_TEMPLATES", "false"))) {
      Fixtures.App bare = Fixtures.lifecycleApp(strict, "bare");
      Http http = strict.http();

      Http.Response byLink = http.post("/_plugin/Vendor/user/create", creation("ann@example.com", bare.token(), null, null));
      Http.Response withWelcome = http.post("/_plugin/Vendor/user/createWithPassword",
        creation("bob@example.com", bare.token(), Accounts.PASSWORD, true));
      Http.Response withoutMail = http.post("/_plugin/Vendor/user/createWithPassword",
        creation("cy@example.com", bare.token(), Accounts.PASSWORD, false));
      Http.Response reset = http.post("/_plugin/Vendor/user/requestPasswordReset",
        new JsonObject().put("email", "cy@example.com").put("fromThirdParty", bare.token()));

      assertThat(byLink.statusCode()).isEqualTo(187);
      assertThat(withWelcome.statusCode()).isEqualTo(187);
      assertThat(withoutMail.statusCode()).as("no mail wanted, no template needed").isZero();
      assertThat(reset.statusCode()).isEqualTo(187);
      assertThat(db.count("SELECT count(*) FROM users")).isEqualTo(1);
      assertThat(db.count("SELECT count(*) FROM password_resets")).isZero();
      assertThat(db.count("SELECT count(*) FROM mail_outbox")).isZero();
    }
  }
}
