package io.lanyard.model.applications;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class LinkUrlsTest {

  @Test
  void acceptsHttpsWithTheTokenAndHttpOnLocalhost() {
    assertThat(LinkUrls.problem("https://fair.example/activate?t={token}")).isEmpty();
    assertThat(LinkUrls.problem("https://fair.example/{language}/activate/{token}?e={email}&s={fromSalon}")).isEmpty();
    assertThat(LinkUrls.problem("http://localhost:3000/activate?t={token}")).isEmpty();
    assertThat(LinkUrls.problem("http://127.0.0.1/activate?t={token}")).isEmpty();
  }

  @Test
  void refusesWhatCannotMakeASafeLink() {
    assertThat(LinkUrls.problem(null)).isPresent();
    assertThat(LinkUrls.problem("")).isPresent();
    assertThat(LinkUrls.problem("https://fair.example/activate")).hasValueSatisfying(p -> assertThat(p).contains("{token}"));
    assertThat(LinkUrls.problem("http://fair.example/activate?t={token}")).hasValueSatisfying(p -> assertThat(p).contains("https"));
    assertThat(LinkUrls.problem("ftp://fair.example/{token}")).isPresent();
    assertThat(LinkUrls.problem("/relative/{token}")).isPresent();
    assertThat(LinkUrls.problem("javascript:alert(1)//{token}")).isPresent();
    assertThat(LinkUrls.problem("https://fair example/{token}")).isPresent();
    assertThat(LinkUrls.problem("https://fair.example/" + "a".repeat(3000) + "{token}")).isPresent();
  }

  @Test
  void fillsPlaceholdersUrlEncoded() {
    String link = LinkUrls.fill("https://fair.example/a?t={token}&e={email}&s={fromSalon}&l={language}",
      Map.of("token", "abc-_123", "email", "ann+x@example.com", "fromSalon", "salon & co", "language", "fre-FR"));

    assertThat(link).isEqualTo("https://fair.example/a?t=abc-_123&e=ann%2Bx%40example.com&s=salon+%26+co&l=fre-FR");
  }

  @Test
  void theApplicationsUrlWinsThenTheHostedPageThenNone() {
    Optional<String> publicUrl = Optional.of("https://sso.example/base");

    assertThat(LinkUrls.choose(Optional.of("https://fair.example/a?t={token}"), publicUrl, "activate"))
      .contains("https://fair.example/a?t={token}");
    assertThat(LinkUrls.choose(Optional.empty(), publicUrl, "reset")).contains("https://sso.example/base/account/reset?token={token}");
    assertThat(LinkUrls.choose(Optional.of("http://fair.example/{token}"), publicUrl, "activate"))
      .contains("https://sso.example/base/account/activate?token={token}");
    assertThat(LinkUrls.choose(Optional.empty(), Optional.empty(), "activate")).isEmpty();
  }
}
