package io.lanyard.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FormTokensTest {

  private final FormTokens tokens = new FormTokens("a deployment key of enough length 0123456789");

  @Test
  void aFieldIsAcceptedWithItsCookieOnly() {
    String cookie = tokens.newCookie();
    String other = tokens.newCookie();

    assertThat(tokens.accepts(cookie, tokens.fieldFor(cookie))).isTrue();
    assertThat(tokens.accepts(other, tokens.fieldFor(cookie))).isFalse();
    assertThat(tokens.accepts(cookie, cookie)).isFalse();
    assertThat(tokens.accepts(null, tokens.fieldFor(cookie))).isFalse();
    assertThat(tokens.accepts(cookie, null)).isFalse();
  }

  @Test
  void anotherDeploymentsFieldIsRefused() {
    String cookie = tokens.newCookie();

    assertThat(new FormTokens("another deployment's key, also long enough").accepts(cookie, tokens.fieldFor(cookie)))
      .isFalse();
  }
}
