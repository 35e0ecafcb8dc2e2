package io.lanyard.services.webhooks;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Webhook URLs: https anywhere, http only to this machine, never credentials in the URL. */
class WebhookUrlsTest {

  @Test
  void httpsAnywhereAndHttpOnlyForLocalhost() {
    for (String url : List.of("https://crm.example/hooks", "https://crm.example:8443/a?b=c", "http://localhost:9000/hooks",
      "http://127.0.0.1/hooks", "http://[::1]:8080/")) {
      assertThat(WebhookUrls.problem(url)).as(url).isEmpty();
    }
  }

  @Test
  void anythingElseIsRefusedWithAReason() {
    assertThat(WebhookUrls.problem("http://crm.example/hooks")).contains("the URL must use https (http only for localhost)");
    assertThat(WebhookUrls.problem("ftp://crm.example/")).contains("the URL must use https (http only for localhost)");
    assertThat(WebhookUrls.problem("/hooks")).contains("the URL must be absolute, with a host");
    assertThat(WebhookUrls.problem("https://user:secret@crm.example/")).contains("the URL must not hold a user name or password");
    assertThat(WebhookUrls.problem("https://crm.example/" + "a".repeat(2048))).isPresent();
    assertThat(WebhookUrls.problem("https://crm example/")).contains("not a valid URL");
    assertThat(WebhookUrls.problem("")).contains("no URL given");
  }
}
