package io.lanyard.signin.oidc;

import io.lanyard.testing.TestApp;
import io.lanyard.testing.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sign-up returns' pruning deletes the rows older than a link's lifetime and a day, and keeps the others. It failed at
 * every run once ("cannot be coerced": the interval was bound as text), so the table only grew.
 */
class SignupPruningIT {

  private final TestDb db = TestDb.get();
  private TestApp app;

  @AfterEach
  void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void returnsPastTheirLinksAndADayArePrunedAndRecentOnesKept() {
    db.truncate();
    app = TestApp.start(Map.of());
    db.query("INSERT INTO oidc_signups (ref_hash, email, client_id, parameters, created_at, expires_at) VALUES"
      + " ('\\x01', 'old@example.com', 'portal', '{}', now() - interval '3 days', now() - interval '2 days'),"
      + " ('\\x02', 'recent@example.com', 'portal', '{}', now() - interval '47 hours', now() + interval '1 hour')");

    int pruned = await(new SignupRepository().deleteOld(app.lanyard().pool(), Duration.ofDays(1)));

    assertThat(pruned).isEqualTo(1);
    assertThat(db.count("SELECT count(*) FROM oidc_signups WHERE email = 'old@example.com'")).isZero();
    assertThat(db.count("SELECT count(*) FROM oidc_signups WHERE email = 'recent@example.com'")).isEqualTo(1);
  }
}
