package io.lanyard.services.session;

import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class TokenIdsTest {

  @Test
  void anIdCarriesItsIssueInstantToTheMillisecond() {
    long issuedAt = 1_795_389_508_134L;

    String id = TokenIds.newId(issuedAt);

    assertThat(UUID.fromString(id).version()).isEqualTo(7);
    assertThat(TokenIds.issuedAt(id)).hasValue(issuedAt);
  }

  @Test
  void idsIssuedInTheSameMillisecondDiffer() {
    assertThat(TokenIds.newId(1000)).isNotEqualTo(TokenIds.newId(1000));
  }

  @Test
  void otherIdsCarryNoInstant() {
    assertThat(TokenIds.issuedAt("test-1700000000")).isEmpty();
    assertThat(TokenIds.issuedAt(UUID.randomUUID().toString())).isEmpty();
    assertThat(TokenIds.issuedAt("zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz")).isEmpty();
  }
}
