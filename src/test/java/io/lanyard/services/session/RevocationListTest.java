package io.lanyard.services.session;

import io.lanyard.model.api.Caller;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RevocationListTest {

  private static final long NOW = 1_000_000;

  private final RevocationList list = new RevocationList();

  @Test
  void aRevokedTokenIsRefusedFromItsInstantOn() {
    list.add(new TokenRevocation("t1", "u1", NOW + 1000, NOW + 60_000));

    assertThat(list.refuses(caller("u1", "t1", NOW - 5000), NOW)).isFalse();
    assertThat(list.refuses(caller("u1", "t1", NOW - 5000), NOW + 1000)).isTrue();
    assertThat(list.refuses(caller("u1", "t2", NOW - 5000), NOW + 1000)).isFalse();
  }

  @Test
  void theEarlierRefusalWins() {
    list.add(new TokenRevocation("t1", "u1", NOW + 1000, NOW + 60_000));
    list.add(new TokenRevocation("t1", "u1", NOW, NOW + 60_000));
    list.add(new TokenRevocation("t1", "u1", NOW + 5000, NOW + 60_000));

    assertThat(list.refuses(caller("u1", "t1", NOW - 5000), NOW)).isTrue();
  }

  @Test
  void aCutoffRefusesTokensIssuedBeforeItOnlyAndOnlyMovesForward() {
    list.add(new SessionCutoff("u1", NOW, NOW + 60_000));
    list.add(new SessionCutoff("u1", NOW - 10_000, NOW + 50_000));

    assertThat(list.refuses(caller("u1", "a", NOW - 1), NOW)).isTrue();
    assertThat(list.refuses(caller("u1", "b", NOW), NOW)).isFalse();
    assertThat(list.refuses(caller("u1", "c", NOW + 1), NOW)).isFalse();
    assertThat(list.refuses(caller("u2", "d", NOW - 1), NOW)).isFalse();
  }

  @Test
  void aCutoffSparesItsKeptTokenUntilALaterCutoffDoesNot() {
    list.add(new SessionCutoff("u1", NOW, NOW + 60_000, Optional.of("caller")));

    assertThat(list.refuses(caller("u1", "caller", NOW - 1), NOW)).isFalse();
    assertThat(list.refuses(caller("u1", "other", NOW - 1), NOW)).isTrue();

    list.add(new SessionCutoff("u1", NOW + 10, NOW + 60_010, Optional.empty()));

    assertThat(list.refuses(caller("u1", "caller", NOW - 1), NOW + 10)).isTrue();
  }

  @Test
  void pruningDropsOnlyEntriesWhoseTokensHaveAllExpired() {
    list.add(new TokenRevocation("gone", "u1", NOW, NOW + 10));
    list.add(new TokenRevocation("kept", "u1", NOW, NOW + 60_000));
    list.add(new TokenRevocation("never", "u1", NOW, -1));
    list.add(new SessionCutoff("u1", NOW, NOW + 10));
    list.add(new SessionCutoff("u2", NOW, -1));

    list.prune(NOW + 100);

    assertThat(list.size()).isEqualTo(3);
    assertThat(list.refuses(caller("u1", "kept", 0), NOW + 100)).isTrue();
    assertThat(list.refuses(caller("u2", "x", NOW - 1), NOW + 100)).isTrue();
    assertThat(list.refuses(caller("u1", "x", NOW - 1), NOW + 100)).isFalse();
  }

  @Test
  void notificationPayloadsRoundTrip() {
    TokenRevocation revocation = new TokenRevocation("t1", "u1", NOW, -1);
    SessionCutoff cutoff = new SessionCutoff("u1", NOW, NOW + 5);

    assertThat(TokenRevocation.fromJson(revocation.toJson())).isEqualTo(revocation);
    assertThat(SessionCutoff.fromJson(cutoff.toJson())).isEqualTo(cutoff);
    SessionCutoff sparing = new SessionCutoff("u1", NOW, NOW + 5, Optional.of("t9"));
    assertThat(SessionCutoff.fromJson(sparing.toJson())).isEqualTo(sparing);
  }

  @Test
  void aFoldRefusesTokensIssuedBeforeItButTheLiveOnesItSpares() {
    list.add(new SessionFold("u1", NOW, NOW + 60_000, Map.of("live", SessionFold.LIVE)));

    assertThat(list.refuses(caller("u1", "ended", NOW - 1), NOW)).isTrue();
    assertThat(list.refuses(caller("u1", "live", NOW - 1), NOW)).isFalse();
    assertThat(list.refuses(caller("u1", "later", NOW), NOW)).isFalse();
    assertThat(list.refuses(caller("u2", "ended", NOW - 1), NOW)).isFalse();
  }

  @Test
  void aFoldSparesARefreshedTokenUntilItsGracePeriodEnds() {
    list.add(new SessionFold("u1", NOW, NOW + 60_000, Map.of("refreshed", NOW + 1000)));

    assertThat(list.refuses(caller("u1", "refreshed", NOW - 5), NOW + 999)).isFalse();
    assertThat(list.refuses(caller("u1", "refreshed", NOW - 5), NOW + 1000)).isTrue();
  }

  @Test
  void theLaterFoldWinsWhicheverArrivesFirst() {
    SessionFold earlier = new SessionFold("u1", NOW, NOW + 60_000, Map.of("a", SessionFold.LIVE));
    SessionFold later = new SessionFold("u1", NOW + 10, NOW + 60_010, Map.of("b", SessionFold.LIVE));

    list.add(later);
    list.add(earlier);

    assertThat(list.refuses(caller("u1", "a", NOW - 1), NOW + 20)).isTrue();
    assertThat(list.refuses(caller("u1", "b", NOW - 1), NOW + 20)).isFalse();
  }

  @Test
  void revocationsAFoldCoversGoAndAreNotAddedAgain() {
    for (int i = 0; i < 50; i++) {
      list.add(new TokenRevocation("t" + i, "u1", NOW, NOW + 60_000, NOW - 100 + i));
    }

    list.add(new SessionFold("u1", NOW, NOW + 60_000, Map.of("live", SessionFold.LIVE)));
    list.add(new TokenRevocation("t7", "u1", NOW, NOW + 60_000, NOW - 93));

    assertThat(list.sizeOf("u1")).isEqualTo(2);
    assertThat(list.refuses(caller("u1", "t7", NOW - 93), NOW)).isTrue();
  }

  @Test
  void aRevocationOfASparedTokenHoldsInWhateverOrderTheyArrive() {
    SessionFold fold = new SessionFold("u1", NOW, NOW + 60_000, Map.of("live", SessionFold.LIVE));
    TokenRevocation loggedOut = new TokenRevocation("live", "u1", NOW + 5, NOW + 60_000, NOW - 1);

    list.add(loggedOut);
    list.add(fold);
    RevocationList otherOrder = new RevocationList();
    otherOrder.add(fold);
    otherOrder.add(loggedOut);

    assertThat(list.refuses(caller("u1", "live", NOW - 1), NOW + 5)).isTrue();
    assertThat(otherOrder.refuses(caller("u1", "live", NOW - 1), NOW + 5)).isTrue();
  }

  @Test
  void aCutoffDropsTheRevocationsItCoversButNotItsKeptTokens() {
    list.add(new TokenRevocation("old", "u1", NOW, NOW + 60_000, NOW - 10));
    list.add(new TokenRevocation("kept", "u1", NOW + 1000, NOW + 60_000, NOW - 10));
    list.add(new TokenRevocation("newer", "u1", NOW, NOW + 60_000, NOW + 10));

    list.add(new SessionCutoff("u1", NOW, NOW + 60_000, Optional.of("kept")));

    assertThat(list.sizeOf("u1")).isEqualTo(3);
    assertThat(list.refuses(caller("u1", "kept", NOW - 10), NOW + 1000)).isTrue();
    assertThat(list.refuses(caller("u1", "newer", NOW + 10), NOW)).isTrue();
  }

  @Test
  void foldPayloadsRoundTripAndOlderRevocationPayloadsStillRead() {
    SessionFold fold = new SessionFold("u1", NOW, NOW + 5, Map.of("a", SessionFold.LIVE, "b", NOW + 1000));
    JsonObject older = new JsonObject().put("tokenId", "t1").put("userId", "u1").put("refusedFrom", NOW).put("expiresAt", -1L);

    assertThat(SessionFold.fromJson(fold.toJson())).isEqualTo(fold);
    assertThat(TokenRevocation.fromJson(older)).isEqualTo(new TokenRevocation("t1", "u1", NOW, -1));
  }

  private static Caller caller(String userId, String tokenId, long issuedAt) {
    return new Caller(userId, tokenId, NOW + 3_600_000, issuedAt);
  }
}
