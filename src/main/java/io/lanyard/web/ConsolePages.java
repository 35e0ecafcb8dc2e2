package io.lanyard.web;

import io.lanyard.helpdesk.staff.ConsoleAccess;
import io.lanyard.helpdesk.staff.ConsoleSessions;
import io.lanyard.model.api.Overloaded;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.signin.oidc.ConsoleClient;
import io.lanyard.web.console.AccountActions;
import io.lanyard.web.console.BoardPage;
import io.lanyard.web.console.ConsolePaths;
import io.lanyard.web.console.ConsoleRequest;
import io.lanyard.web.console.ConsoleSignIn;
import io.lanyard.web.console.JsonDownload;
import io.lanyard.web.console.Console;
import io.lanyard.web.pages.PageTemplates;
import io.lanyard.web.pages.CommonPages;
import io.lanyard.web.pages.Page;
import io.lanyard.web.pages.PageScript;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The help desk's console under {@code /console/} (docs/helpdesk.md#the-console): HTML pages for staff, signed in through the
 * service's own OpenID Connect provider. Every request reads the console session afresh ({@link ConsoleSessions}): none, and
 * the browser goes to sign in; a session whose account lost its role, and the answer is 403; a staff member, and the page
 * runs. Every form carries the anti-forgery token of the hosted pages ({@link FormTokens}, a cookie of the console's own),
 * and comes from our own origin. Search texts and pages travel in POST bodies, never in URLs.
 */
public final class ConsolePages {

  static final String PREFIX = "/console";
  private static final Logger log = LoggerFactory.getLogger(ConsolePages.class);
  private static final String SESSION_COOKIE = "lanyard-console";
  private static final String STATE_COOKIE = "lanyard-console-signin";
  private static final String FORM_COOKIE = "lanyard-console-form";
  private static final String FORM_FIELD = "form";
  private static final int SIGN_IN_SECONDS = 600;

  private final Console console;
  private final ConsoleSessions sessions;
  private final FormTokens formTokens;
  private final PageOrigin origin;
  private final PageWriter writer;
  private final CommonPages common;
  private final String cookiePath;
  private final Stylesheet stylesheet = Stylesheet.console();
  private final PageScript boardScript = PageScript.load("console/" + BoardPage.SCRIPT);

  /** @param formKey the deployment's shared key of form tokens */
  public ConsolePages(Console console, ConsoleSessions sessions, String formKey, PageOrigin origin, CommonPages common,
                      PageTemplates hosted) {
    this.console = console;
    this.sessions = sessions;
    this.formTokens = new FormTokens(formKey);
    this.origin = origin;
    this.common = common;
    this.writer = new PageWriter(console.templates(), hosted, common);
    this.cookiePath = console.paths().console();
  }

  /** Where the console lives under a public URL's path. */
  public static ConsolePaths paths(String publicUrl, PageOrigin origin) {
    return new ConsolePaths(publicUrl, origin.rootPath() + ConsoleClient.PATH.substring(1), origin.pagesBase());
  }

  static boolean covers(String path) {
    return path.equals(PREFIX) || path.startsWith(PREFIX + "/");
  }

  void mount(Router router) {
    // the router matches "/console" for "/console/" too: only the path without its slash is sent on
    router.get(PREFIX).handler(context -> {
      if (!context.request().path().equals(PREFIX)) {
        context.next();
        return;
      }
      context.put(HttpVerticle.ROUTE, PREFIX);
      writer.write(context, Page.redirect(cookiePath, language(context)));
    });
    file(router, PREFIX + "/console.css", stylesheet::serve);
    file(router, PREFIX + "/" + BoardPage.SCRIPT, boardScript::serve);
    router.get(PREFIX + "/callback").handler(this::callback);
    router.post(PREFIX + "/logout").handler(this::logout);
    staff(router, HttpMethod.GET, PREFIX + "/", console.search()::home);
    staff(router, HttpMethod.POST, PREFIX + "/search", console.search()::search);
    staff(router, HttpMethod.GET, PREFIX + "/accounts/:id", console.account()::show);
    staff(router, HttpMethod.GET, PREFIX + "/board", console.board()::live);
    staff(router, HttpMethod.GET, PREFIX + "/board/still", console.board()::still);
    for (AccountActions.Kind kind : AccountActions.Kind.values()) {
      String path = PREFIX + "/accounts/:id/" + kind.path();
      staff(router, HttpMethod.GET, path, console.actions().confirm(kind));
      if (kind.isDownload()) {
        router.post(path).handler(context -> serve(context, path, true, console.actions()::export, this::download));
      } else {
        staff(router, HttpMethod.POST, path, console.actions().perform(kind));
      }
    }
    router.route(PREFIX + "/*").handler(context -> writer.write(context, common.notFound(language(context))));
  }

  /** A file of the console's own, the same for everyone (no session needed): its stylesheet, the live board's script. */
  private static void file(Router router, String path, Consumer<HttpServerResponse> serve) {
    router.get(path).handler(context -> {
      context.put(HttpVerticle.ROUTE, path);
      serve.accept(context.response());
    });
  }

  /** A page for staff only: signed-in staff see it; anyone else signs in first, or is refused. */
  private void staff(Router router, HttpMethod method, String path, Function<ConsoleRequest, Future<Page>> handler) {
    router.route(method, path).handler(context -> serve(context, path, method == HttpMethod.POST, handler, writer::write));
  }

  /**
   * Checks the request (the console session read afresh; for a POST the anti-forgery token and origin), then runs the handler
   * and answers with {@code answer}; anyone else gets the page that sends them to sign in, or refuses them.
   */
  private <T> void serve(RoutingContext context, String path, boolean isPost, Function<ConsoleRequest, Future<T>> handler,
                         BiConsumer<RoutingContext, T> answer) {
    context.put(HttpVerticle.ROUTE, path);
    HttpServerRequest request = context.request();
    String language = language(context);
    RequestOrigin from = origin(context);
    Optional<String> sentForm = cookie(context, FORM_COOKIE).filter(FormTokens::isCookie);
    boolean accepted = isPost && origin.isOurs(request) && formTokens.accepts(sentForm.orElse(null),
      request.getFormAttribute(FORM_FIELD));
    String formCookie = sentForm.orElseGet(() -> {
      String fresh = formTokens.newCookie();
      context.response().headers().add(HttpHeaders.SET_COOKIE, cookie(FORM_COOKIE, fresh, CookieSameSite.STRICT).encode());
      return fresh;
    });
    sessions.access(cookie(context, SESSION_COOKIE), from).compose(access -> {
      if (access instanceof ConsoleAccess.Staff staff) {
        if (isPost && !accepted) {
          return Future.succeededFuture(page(context, console.messages().formRefused(language)));
        }
        Map<String, String> params = isPost ? params(request.formAttributes()) : Map.of();
        ConsoleRequest consoleRequest = new ConsoleRequest(staff, params, nonNull(context.pathParam("id")), language,
          formTokens.fieldFor(formCookie), from);
        return handler.apply(consoleRequest).<Runnable>map(result -> () -> answer.accept(context, result));
      }
      if (access instanceof ConsoleAccess.Refused) {
        return Future.succeededFuture(page(context, console.messages().forbidden(language)));
      }
      return Future.succeededFuture(page(context, startSignIn(language)));
    }).onComplete(done -> {
      if (done.succeeded()) {
        done.result().run();
      } else {
        writer.write(context, forFailure(context, path, done.cause()));
      }
    });
  }

  private Runnable page(RoutingContext context, Page page) {
    return () -> writer.write(context, page);
  }

  /** An account's export: saved by the browser, never cached, under the page's strict headers. */
  private void download(RoutingContext context, Optional<JsonDownload> file) {
    if (file.isEmpty()) {
      writer.write(context, common.notFound(language(context)));
      return;
    }
    HttpServerResponse response = context.response();
    PageWriter.SECURITY_HEADERS.forEach(response::putHeader);
    response.putHeader(HttpHeaders.CONTENT_TYPE, "application/json; charset=utf-8")
      .putHeader("Content-Disposition", "attachment; filename=\"" + file.get().filename() + "\"")
      .end(file.get().json());
  }

  /** To the provider's authorization endpoint, keeping the state and PKCE verifier in a short-lived cookie. */
  private Page startSignIn(String language) {
    ConsoleSignIn.Start start = console.signIn().start(language);
    return Page.redirect(start.authorizationUrl(), language)
      .withCookie(cookie(STATE_COOKIE, start.stateCookie(), CookieSameSite.LAX).setMaxAge(SIGN_IN_SECONDS).encode());
  }

  /** The provider sends the browser back here with a code (or an error): a console session for staff, 403 for others. */
  private void callback(RoutingContext context) {
    context.put(HttpVerticle.ROUTE, PREFIX + "/callback");
    String language = language(context);
    MultiMap query;
    try {
      query = context.queryParams();
    } catch (RuntimeException malformed) {
      writer.write(context, common.refused(language, 400));
      return;
    }
    String clearState = cookie(STATE_COOKIE, "", CookieSameSite.LAX).setMaxAge(0).encode();
    console.signIn().finish(nonNull(query.get("code")), nonNull(query.get("state")), cookie(context, STATE_COOKIE),
      origin(context)).map(finished -> {
        if (finished instanceof ConsoleSignIn.Opened opened) {
          return Page.redirect(cookiePath, language).withCookie(clearState)
            .withCookie(cookie(SESSION_COOKIE, opened.sessionCookie(), CookieSameSite.STRICT).encode());
        }
        Page refusal = finished instanceof ConsoleSignIn.NotStaff ? console.messages().forbidden(language)
          : console.messages().signInFailed(language);
        return refusal.withCookie(clearState);
      }).onComplete(done -> writer.write(context, done.succeeded() ? done.result()
        : forFailure(context, PREFIX + "/callback", done.cause())));
  }

  /**
   * Ends the console session, then sends the browser to the provider's end-session endpoint, which asks to confirm and ends
   * the single sign-on session too: a shared laptop at the desk is left signed out of everything.
   */
  private void logout(RoutingContext context) {
    context.put(HttpVerticle.ROUTE, PREFIX + "/logout");
    String language = language(context);
    Optional<String> sentForm = cookie(context, FORM_COOKIE).filter(FormTokens::isCookie);
    if (!origin.isOurs(context.request())
      || !formTokens.accepts(sentForm.orElse(null), context.request().getFormAttribute(FORM_FIELD))) {
      writer.write(context, console.messages().formRefused(language));
      return;
    }
    Optional<String> session = cookie(context, SESSION_COOKIE);
    Future<Void> ended = session.map(sessions::end).orElseGet(Future::succeededFuture);
    String endSession = console.paths().issuer() + "/oidc/logout?client_id=" + ConsoleClient.CLIENT_ID
      + "&post_logout_redirect_uri=" + URLEncoder.encode(console.paths().issuer() + ConsoleClient.PATH, StandardCharsets.UTF_8);
    ended.map(done -> Page.redirect(endSession, language)
        .withCookie(cookie(SESSION_COOKIE, "", CookieSameSite.STRICT).setMaxAge(0).encode()))
      .onComplete(done -> writer.write(context, done.succeeded() ? done.result()
        : forFailure(context, PREFIX + "/logout", done.cause())));
  }

  private Page forFailure(RoutingContext context, String path, Throwable failure) {
    String language = language(context);
    return Overloaded.of(failure).map(overload -> common.busy(language, overload.retryAfterSeconds()))
      .orElseGet(() -> {
        log.error("Console page {} {} failed", context.request().method(), path, failure);
        return common.failed(language);
      });
  }

  private Cookie cookie(String name, String value, CookieSameSite sameSite) {
    return Cookie.cookie(name, value).setPath(cookiePath).setHttpOnly(true).setSameSite(sameSite).setSecure(origin.isSecure());
  }

  private static Optional<String> cookie(RoutingContext context, String name) {
    return Optional.ofNullable(context.request().getCookie(name)).map(Cookie::getValue).filter(value -> !value.isEmpty());
  }

  private static RequestOrigin origin(RoutingContext context) {
    return new RequestOrigin(context.get(Replies.REQUEST_ID), context.get(HttpVerticle.SOURCE),
      nonNull(context.request().getHeader(HttpHeaders.USER_AGENT)));
  }

  private static String language(RoutingContext context) {
    return CommonPages.language(nonNull(context.request().getHeader(HttpHeaders.ACCEPT_LANGUAGE)));
  }

  private static Map<String, String> params(MultiMap form) {
    Map<String, String> params = new HashMap<>();
    form.names().forEach(name -> params.put(name, form.get(name)));
    return params;
  }

  private static String nonNull(String value) {
    return value == null ? "" : value;
  }
}
