package io.lanyard.web.console;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.Cli;
import io.lanyard.testing.UserAgent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.HttpCookie;
import java.net.URI;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who may use the console, checked on every request through the real sign-in (the provider's login page, code and PKCE): staff
 * get their pages; an account without a role gets 403 on every console route; a revoked role, a disabled account and a
 * logout end access at the next request; forms without the anti-forgery token change nothing; the live board alone runs a
 * script, ours, from our origin.
 */
class ConsoleAccessIT extends ConsoleFixture {

  static final String ANN = "ann@example.com";
  private static final int MAX_HOPS = 10;

  private UserAgent browser;
  private String annId;

  @BeforeEach
  void staffAndVisitor() {
    db.truncate();
    Accounts.createActive(app, DESK);
    annId = Accounts.createActive(app, ANN);
    Cli.Run granted = Cli.run("staff", "grant", DESK, "--role", "desk");
    assertThat(granted.exitCode()).withFailMessage(granted.err()).isZero();
    browser = new UserAgent(issuer);
  }

  @Test
  void staffSignInThroughTheProvidersLoginPageAndGetTheSearchPage() {
    UserAgent.Page login = browser.open(console(""));
    assertThat(login.status()).isEqualTo(200);
    assertThat(login.uri().getPath()).isEqualTo("/account/login");
    assertThat(login.body()).contains("Lanyard help desk");

    UserAgent.Page home = browser.submit(login, Map.of("email", DESK, "password", Accounts.PASSWORD));

    assertThat(home.status()).withFailMessage(home.body()).isEqualTo(200);
    assertThat(home.uri()).isEqualTo(console(""));
    assertThat(home.body()).contains("<h1>Find an account</h1>", DESK + " (desk)");
    HttpCookie session = browser.cookie("lanyard-console").orElseThrow();
    assertThat(session.isHttpOnly()).isTrue();
    assertThat(session.getPath()).isEqualTo("/console/");
    assertThat(home.response().headers().allValues("Set-Cookie")).isEmpty();
    assertThat(db.count("SELECT count(*) FROM console_sessions WHERE expires_at BETWEEN now() + interval '29 minutes' "
      + "AND now() + interval '30 minutes'")).isEqualTo(1);
    assertThat(home.header("Content-Security-Policy").orElseThrow()).startsWith("default-src 'none'");
  }

  @Test
  void theSessionCookieIsStrictAndHttpOnly() {
    UserAgent step = new UserAgent(issuer + "/nowhere");

    UserAgent.Page opened = step.open(callback(step, DESK));

    assertThat(opened.status()).isEqualTo(303);
    assertThat(opened.header("Location")).contains("/console/");
    assertThat(opened.response().headers().allValues("Set-Cookie"))
      .anySatisfy(cookie -> assertThat(cookie).startsWith("lanyard-console=").contains("Path=/console/", "HTTPOnly",
        "SameSite=Strict").doesNotContain("Max-Age"))
      .anySatisfy(cookie -> assertThat(cookie).startsWith("lanyard-console-signin=").contains("Max-Age=0"));
  }

  @Test
  void anAccountWithoutARoleGets403OnEveryConsoleRoute() {
    UserAgent.Page refused = browser.submit(browser.open(console("")), Map.of("email", ANN, "password", Accounts.PASSWORD));

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.body()).contains("no help-desk role").doesNotContain("Find an account");
    assertThat(browser.open(console("")).status()).isEqualTo(403);
    assertThat(browser.open(console("accounts/" + annId)).status()).isEqualTo(403);
    assertThat(browser.open(console("board")).status()).isEqualTo(403);
    assertThat(browser.open(console("board/still")).status()).isEqualTo(403);
    assertThat(browser.post(console("search"), Map.of("q", "ann")).status()).isEqualTo(403);
    assertThat(db.count("SELECT count(*) FROM console_sessions")).isZero();
    // the audit trail is written a moment after the request, in a batch
    io.lanyard.testing.Eventually.until(() -> db.count("SELECT count(*) FROM audit_events WHERE kind = 'console.refused' "
      + "AND user_id = $1::uuid", annId) > 0, "console.refused written");
  }

  @Test
  void theLiveBoardAloneRunsAScriptOurOwnFromOurOriginAndNothingInline() {
    signIn(DESK);

    UserAgent.Page live = browser.open(console("board"));
    UserAgent.Page still = browser.open(console("board/still"));

    assertThat(live.header("Content-Security-Policy").orElseThrow()).isEqualTo("default-src 'none'; script-src 'self'; "
      + "connect-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    assertThat(live.body()).contains("<script src=\"/console/board.js\" defer></script>", "data-interval-seconds=\"60\"")
      .doesNotContain("http-equiv", " onclick=", "<script>");
    assertThat(still.header("Content-Security-Policy").orElseThrow()).doesNotContain("script-src");
    assertThat(still.body()).doesNotContain("<script", "http-equiv");
    // the script is the same for everyone, as the stylesheet: no session needed, nothing personal in it
    UserAgent.Page script = new UserAgent(issuer).open(console("board.js"));
    assertThat(script.status()).isEqualTo(200);
    assertThat(script.header("Content-Type").orElseThrow()).isEqualTo("text/javascript; charset=utf-8");
    assertThat(script.header("X-Content-Type-Options").orElseThrow()).isEqualTo("nosniff");
    assertThat(script.body()).contains("board-live");
  }

  @Test
  void aRevokedRoleLosesAccessAtTheNextRequest() {
    signIn(DESK);
    assertThat(browser.open(console("")).status()).isEqualTo(200);

    Cli.run("staff", "revoke", DESK);

    UserAgent.Page next = browser.open(console(""));
    assertThat(next.status()).isEqualTo(403);
    assertThat(next.uri()).isEqualTo(console(""));
    assertThat(browser.open(console("accounts/" + annId)).status()).isEqualTo(403);
  }

  @Test
  void aDisabledStaffAccountLosesAccessAtTheNextRequest() {
    signIn(DESK);

    Cli.run("users", "disable", DESK);

    UserAgent.Page next = browser.open(console(""));
    assertThat(next.uri().getPath()).isEqualTo("/account/login");
    assertThat(next.body()).doesNotContain("Find an account");
    UserAgent.Page again = browser.submit(next, Map.of("email", DESK, "password", Accounts.PASSWORD));
    assertThat(again.body()).doesNotContain("Find an account");
  }

  @Test
  void loggingOutEndsTheConsoleAndTheSingleSignOnSession() {
    UserAgent.Page home = signIn(DESK);

    UserAgent.Page confirm = browser.post(console("logout"), Map.of("form", home.hiddenFields().get("form")));
    assertThat(confirm.uri().getPath()).isEqualTo("/oidc/logout");
    UserAgent.Page after = browser.submit(confirm, Map.of());

    assertThat(db.count("SELECT count(*) FROM console_sessions")).isZero();
    assertThat(db.count("SELECT count(*) FROM oidc_sessions WHERE ended_at IS NULL")).isZero();
    assertThat(after.uri().getPath()).isEqualTo("/account/login");
    assertThat(after.body()).contains("name=\"password\"");
  }

  @Test
  void aLogoutEverywhereOfTheStaffAccountEndsTheConsole() {
    signIn(DESK);
    String token = Accounts.login(app, DESK);

    assertThat(app.http().post("/_logout?global=true", new io.vertx.core.json.JsonObject(), token).status()).isEqualTo(200);

    UserAgent.Page next = browser.open(console(""));
    assertThat(next.uri().getPath()).isEqualTo("/account/login");
    assertThat(next.body()).doesNotContain("Find an account");
  }

  @Test
  void aFormWithoutTheAntiForgeryTokenIsRefusedAndSearchesNothing() {
    signIn(DESK);

    UserAgent.Page forged = browser.post(console("search"), Map.of("q", "ann"));

    assertThat(forged.status()).isEqualTo(400);
    assertThat(forged.body()).doesNotContain(ANN);
  }

  @Test
  void aCallbackThatThisBrowserDidNotStartSignsNobodyIn() {
    URI callback = callback(new UserAgent(issuer + "/nowhere"), DESK);

    UserAgent.Page stolen = browser.open(callback);

    assertThat(stolen.status()).isEqualTo(400);
    assertThat(browser.cookie("lanyard-console")).isEmpty();
    assertThat(db.count("SELECT count(*) FROM console_sessions")).isZero();
  }

  UserAgent.Page signIn(String email) {
    UserAgent.Page home = browser.submit(browser.open(console("")), Map.of("email", email, "password", Accounts.PASSWORD));
    assertThat(home.status()).withFailMessage(home.body()).isEqualTo(200);
    return home;
  }

  /**
   * A sign-in walked one step at a time by an agent that follows no redirect by itself, up to the provider's redirect to the
   * console's callback: the callback's URL, with the code and state of this agent's sign-in.
   */
  static URI callback(UserAgent agent, String email) {
    UserAgent.Page login = walk(agent, agent.open(console("")));
    assertThat(login.status()).withFailMessage(login.body()).isEqualTo(200);
    UserAgent.Page sent = agent.submit(login, Map.of("email", email, "password", Accounts.PASSWORD));
    for (int hops = 0; hops < MAX_HOPS && !next(sent).getPath().equals("/console/callback"); hops++) {
      sent = agent.open(next(sent));
    }
    return next(sent);
  }

  private static UserAgent.Page walk(UserAgent agent, UserAgent.Page page) {
    UserAgent.Page current = page;
    for (int hops = 0; hops < MAX_HOPS && current.status() / 100 == 3; hops++) {
      current = agent.open(next(current));
    }
    return current;
  }

  private static URI next(UserAgent.Page page) {
    return page.uri().resolve(UserAgent.redirectOf(page));
  }
}
