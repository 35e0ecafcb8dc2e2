package io.lanyard.web.pages;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lanyard.testing.Fixtures;
import io.lanyard.testing.Http;
import io.lanyard.testing.SharedServiceFixture;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static io.lanyard.testing.HostedPagesFixture.fairUsingHostedPages;
import static io.lanyard.testing.HostedPagesFixture.linkIn;
import static io.lanyard.testing.HostedPagesFixture.signUp;
import static org.assertj.core.api.Assertions.assertThat;

/** The hosted pages over plain HTTP: their headers, their defence against forged forms, and their refusals. */
class AccountPagesIT extends SharedServiceFixture {

  private static final Pattern FORM_FIELD = Pattern.compile("name=\"form\" value=\"([^\"]+)\"");
  private static final String PASSWORD = "a long password";

  private String token;
  private String page;

  @BeforeEach
  void pendingAccount() throws Exception {
    Fixtures.App fair = fairUsingHostedPages(app);
    signUp(app, fair, "ann@example.com", "eng-GB");
    String link = linkIn(smtp.awaitMessages(1).get(0));
    token = link.substring(link.indexOf("token=") + "token=".length());
    page = "/account/activate?token=" + token;
  }

  @Test
  void pagesCarryStrictHeadersAndNoCorsAndASameSiteCookie() {
    Http.Response response = http.send(HttpMethod.GET, page, null, headers("Origin", "https://elsewhere.example"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.headers().get("Content-Type")).isEqualTo("text/html; charset=utf-8");
    String csp = response.headers().get("Content-Security-Policy");
    assertThat(csp).contains("default-src 'none'", "frame-ancestors 'none'", "form-action 'self'").doesNotContain("unsafe");
    assertThat(response.headers().get("Referrer-Policy")).isEqualTo("no-referrer");
    assertThat(response.headers().get("Cache-Control")).isEqualTo("no-store");
    assertThat(response.headers().get("X-Frame-Options")).isEqualTo("DENY");
    assertThat(response.headers().get("Access-Control-Allow-Origin")).isNull();
    assertThat(response.headers().get("Set-Cookie")).startsWith("lanyard-form=").containsIgnoringCase("HttpOnly")
      .contains("SameSite=Strict", "Path=/account");
    assertThat(response.text()).doesNotContain("<script");
  }

  @Test
  void aFormWithoutItsCookieIsShownAgainAndChangesNothing() {
    Http.Response response = post(form(fieldOf(http.get(page)), PASSWORD), Map.of());

    assertThat(response.status()).isEqualTo(403);
    assertThat(response.text()).contains("this form has expired");
    assertStillPending();
  }

  @Test
  void aFormPostedFromAnotherSiteChangesNothingEvenWithTheRightTokens() {
    Http.Response shown = http.get(page);
    String cookie = cookieOf(shown);
    String field = fieldOf(shown);

    Http.Response crossSite = post(form(field, PASSWORD), Map.of("Cookie", cookie, "Sec-Fetch-Site", "cross-site"));
    Http.Response sameSite = post(form(field, PASSWORD), Map.of("Cookie", cookie, "Sec-Fetch-Site", "same-site"));
    Http.Response otherOrigin = post(form(field, PASSWORD), Map.of("Cookie", cookie, "Origin", "https://evil.example"));
    Http.Response forgedField = post(form("A".repeat(43), PASSWORD), Map.of("Cookie", cookie));

    assertThat(crossSite.status()).isEqualTo(403);
    assertThat(sameSite.status()).isEqualTo(403);
    assertThat(otherOrigin.status()).isEqualTo(403);
    assertThat(forgedField.status()).isEqualTo(403);
    assertStillPending();
    Http.Response ours = post(form(field, PASSWORD), Map.of("Cookie", cookie, "Sec-Fetch-Site", "same-origin"));
    assertThat(ours.status()).withFailMessage(ours.text()).isEqualTo(200);
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("active");
  }

  @Test
  void theLinkTokenIsNeverLoggedAndAnythingReflectedIsEscaped() {
    Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    // the access log has an appender of its own (written in batches), not the root's
    Logger access = (Logger) LoggerFactory.getLogger("access");
    ListAppender<ILoggingEvent> lines = new ListAppender<>();
    lines.start();
    root.addAppender(lines);
    access.addAppender(lines);
    try {
      Http.Response shown = http.get(page);
      post(form(fieldOf(shown), PASSWORD), Map.of("Cookie", cookieOf(shown)));
      Http.Response hostile = http.get("/account/activate?token=" + URLEncoder.encode("\"><script>x()</script>",
        StandardCharsets.UTF_8));

      assertThat(hostile.status()).isEqualTo(400);
      assertThat(hostile.text()).doesNotContain("<script>").contains("This link is incomplete");
    } finally {
      root.detachAppender(lines);
      access.detachAppender(lines);
    }
    String logged = lines.list.stream().map(ILoggingEvent::getFormattedMessage).collect(Collectors.joining("\n"));
    assertThat(logged).contains("/account/activate").doesNotContain(token).doesNotContain(PASSWORD);
  }

  @Test
  void refusalsArePagesSayingWhatToDo() {
    Http.Response put = http.send(HttpMethod.PUT, page, Buffer.buffer("x"), MultiMap.caseInsensitiveMultiMap());
    Http.Response cssPost = http.send(HttpMethod.POST, "/account/style.css", Buffer.buffer(""),
      MultiMap.caseInsensitiveMultiMap());
    Http.Response unknown = http.get("/account/nowhere");
    Http.Response cut = http.get("/account/activate?token=abc");
    Http.Response tooLarge = http.send(HttpMethod.POST, "/account/activate", Buffer.buffer(new byte[1_100_000]),
      headers("Content-Type", "application/x-www-form-urlencoded"));

    assertThat(put.status()).isEqualTo(405);
    assertThat(put.headers().get("Allow")).isEqualTo("GET, POST");
    assertThat(put.text()).contains("Open the link from your e-mail again");
    assertThat(cssPost.status()).isEqualTo(405);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.text()).contains("Page not found");
    assertThat(cut.status()).isEqualTo(400);
    assertThat(tooLarge.status()).isEqualTo(413);
    for (Http.Response refusal : new Http.Response[] {put, cssPost, unknown, cut, tooLarge}) {
      assertThat(refusal.headers().get("Content-Type")).isEqualTo("text/html; charset=utf-8");
      assertThat(refusal.headers().get("Content-Security-Policy")).contains("frame-ancestors 'none'");
      assertThat(refusal.text()).doesNotContain("Exception").doesNotContain("at io.");
    }
  }

  @Test
  void theForgotPageSaysAMalformedAddressNextToItsFieldAndSendsNothing() {
    smtp.clear();
    Http.Response shown = http.get("/account/forgot");
    MultiMap headers = headers("Content-Type", "application/x-www-form-urlencoded").add("Cookie", cookieOf(shown));

    Http.Response refused = http.send(HttpMethod.POST, "/account/forgot",
      Buffer.buffer("form=" + enc(fieldOf(shown)) + "&email=" + enc("ann<at>example")), headers);

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.text()).contains("id=\"email-error\"", "aria-invalid=\"true\"", "value=\"ann&lt;at&gt;example\"");
    assertThat(smtp.assertNoMoreThan(0, java.time.Duration.ofMillis(500))).isEmpty();
  }

  @Test
  void pagesWithoutAnAccountFollowTheBrowsersLanguage() {
    Http.Response french = http.send(HttpMethod.GET, "/account/nowhere", null, headers("Accept-Language", "de, fr;q=0.8, en;q=0.5"));

    assertThat(french.text()).contains("<html lang=\"fr\">", "Page introuvable");
  }

  @Test
  void theStylesheetIsServedFromTheJar() {
    Http.Response css = http.get("/account/style.css");

    assertThat(css.status()).isEqualTo(200);
    assertThat(css.headers().get("Content-Type")).isEqualTo("text/css; charset=utf-8");
    assertThat(css.text()).contains("http.pagesStylesheet");
  }

  private Http.Response post(String body, Map<String, String> headers) {
    MultiMap all = headers("Content-Type", "application/x-www-form-urlencoded");
    headers.forEach(all::add);
    return http.send(HttpMethod.POST, "/account/activate", Buffer.buffer(body), all);
  }

  private String form(String field, String password) {
    return "form=" + enc(field) + "&token=" + enc(token) + "&lang=eng-GB&password=" + enc(password) + "&confirmation="
      + enc(password);
  }

  private static String fieldOf(Http.Response shown) {
    Matcher field = FORM_FIELD.matcher(shown.text());
    assertThat(field.find()).withFailMessage(shown.text()).isTrue();
    return field.group(1);
  }

  private static String cookieOf(Http.Response shown) {
    return shown.headers().get("Set-Cookie").split(";")[0];
  }

  private static MultiMap headers(String name, String value) {
    return MultiMap.caseInsensitiveMultiMap().add(name, value);
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private void assertStillPending() {
    assertThat(db.single("SELECT status FROM users").getString(0)).isEqualTo("pending");
  }
}
