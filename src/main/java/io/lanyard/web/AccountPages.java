package io.lanyard.web;

import io.lanyard.services.throttling.DeviceMarkers;
import io.lanyard.model.api.Overloaded;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.services.metrics.Outcomes;
import io.lanyard.services.throttling.SourceRates;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.web.oidc.OidcEndpoints;
import io.lanyard.web.pages.CommonPages;
import io.lanyard.web.pages.HostedPages;
import io.lanyard.web.pages.Page;
import io.lanyard.web.pages.PageRequest;
import io.lanyard.web.pages.PageScript;
import io.lanyard.web.pages.PasskeyPages;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The hosted pages under {@code /account/}: HTML for people, where everything else is JSON for programs. Every page gets the
 * same strict headers, every form the anti-forgery check ({@link FormTokens}), and every refusal (unknown page, wrong method,
 * body too large, a failure) a page saying what to do next, never a stack or the framework's page. A form sent to a page
 * whose operation has a per-source rate spends it first ({@link SourceLimits}, the API route's budget): over it, the "too
 * many attempts" page, counted in {@code lanyard_requests_throttled_total} as operation {@code page:<path>}.
 */
public final class AccountPages {

  static final String PREFIX = "/account";

  private static final Logger log = LoggerFactory.getLogger(AccountPages.class);
  private static final String COOKIE = "lanyard-form";
  private static final String FORM_FIELD = "form";

  private final HostedPages pages;
  private final FormTokens formTokens;
  private final Stylesheet stylesheet;
  private final PageScript passkeyScript = PageScript.passkey();
  private final PageOrigin origin;
  private final SourceLimits limits;
  private final Outcomes outcomes;
  private final PageWriter writer;
  private final Optional<ConsolePages> console;

  /**
   * @param formKey the deployment's shared key of form tokens
   * @param origin where people reach the pages: decides the cookie's path and {@code Secure}, and which origin posts
   * @param sourceRates the per-source rates, shared with the API routes that run the same operations
   * @param console the help desk's console under {@code /console/}, when the provider is on
   */
  public AccountPages(HostedPages pages, String formKey, Stylesheet stylesheet, PageOrigin origin, SourceRates sourceRates,
                      Outcomes outcomes, Optional<ConsolePages> console) {
    this.pages = pages;
    this.formTokens = new FormTokens(formKey);
    this.stylesheet = stylesheet;
    this.origin = origin;
    this.limits = new SourceLimits(sourceRates);
    this.outcomes = outcomes;
    this.writer = new PageWriter(pages.templates(), pages.templates(), pages.common());
    this.console = console;
  }

  /** Whether a path belongs to the pages (and its refusals are pages, not envelopes). */
  static boolean covers(String path) {
    return path.equals(PREFIX) || path.startsWith(PREFIX + "/") || ConsolePages.covers(path);
  }

  void mount(Router router) {
    console.ifPresent(pages -> pages.mount(router));
    page(router, PREFIX + "/activate", Action.ACTIVATE_USER, pages.activation()::show, pages.activation()::submit);
    page(router, PREFIX + "/reset", Action.RESET_PASSWORD, pages.reset()::show, pages.reset()::submit);
    page(router, PREFIX + "/forgot", Action.REQUEST_PASSWORD_RESET, pages.forgot()::show, pages.forgot()::submit);
    page(router, PREFIX + "/email", Action.CONFIRM_EMAIL_CHANGE, pages.email()::show, pages.email()::submit);
    pages.oidc().ifPresent(oidc -> {
      // the sign-in spends the login route's per-source rate; the other forms hash nothing and send no mail
      page(router, PREFIX + "/login", Action.LOGIN, oidc.authorize()::show, oidc.authorize()::submit);
      page(router, PREFIX + "/consent", Action.OIDC_CONSENT, oidc.consent()::show, oidc.consent()::submit);
      // creating an account by link from the login page spends /user/create's per-source rate
      page(router, PREFIX + "/signup", Action.CREATE_USER, oidc.signup()::show, oidc.signup()::submit);
      page(router, PREFIX + "/logout", Action.OIDC_LOGOUT, oidc.logout()::show, oidc.logout()::confirm);
      // the browser's endpoints of the protocol answer pages and redirects too, whoever sends the browser there
      page(router, OidcEndpoints.AUTHORIZE, Action.OIDC_AUTHORIZE, oidc.authorize()::authorize, oidc.authorize()::authorize);
      page(router, OidcEndpoints.LOGOUT, Action.OIDC_END_SESSION, oidc.logout()::endSession, oidc.logout()::endSession);
      oidc.passkeys().ifPresent(passkeys -> passkeys(router, passkeys));
    });
    String css = PREFIX + "/style.css";
    router.get(css).handler(context -> {
      context.put(HttpVerticle.ROUTE, css);
      stylesheet.serve(context.response());
    });
    router.route(css).handler(context -> write(context, pages.common().wrongMethod(language(context), List.of("GET"))));
    pages.oidc().ifPresent(oidc -> {
      String script = PREFIX + "/" + PageScript.PASSKEY;
      router.get(script).handler(context -> {
        context.put(HttpVerticle.ROUTE, script);
        passkeyScript.serve(context.response());
      });
      router.route(script).handler(context -> write(context, pages.common().wrongMethod(language(context), List.of("GET"))));
    });
    router.route(PREFIX).handler(this::notFound);
    router.route(PREFIX + "/*").handler(this::notFound);
  }

  /**
   * A page with a form: shown by GET, sent by POST; any other method is told which two it takes.
   *
   * @param action the API action whose operation the form runs (its per-source rate, if any, applies to the form)
   */
  private void page(Router router, String path, Action action, Function<PageRequest, Future<Page>> show,
                    Function<PageRequest, Future<Page>> submit) {
    page(router, path, Optional.empty(), show, action, submit);
  }

  /** @param showAction the action whose per-source rate showing the page spends, if any */
  private void page(Router router, String path, Optional<Action> showAction, Function<PageRequest, Future<Page>> show,
                    Action action, Function<PageRequest, Future<Page>> submit) {
    router.get(path).handler(context -> serve(context, path, show, false, showAction));
    router.post(path).handler(context -> serve(context, path, submit, true, Optional.of(action)));
    router.route(path).handler(context -> write(context, pages.common().wrongMethod(language(context), List.of("GET", "POST"))));
  }

  /**
   * The signed-in person's passkeys: showing the page issues a registration challenge, so it spends the options route's
   * rate; each form spends its API route's (only adding one has a rate).
   */
  private void passkeys(Router router, PasskeyPages passkeys) {
    String page = PREFIX + "/" + PasskeyPages.PAGE;
    page(router, page, Optional.of(Action.PASSKEY_OPTIONS), passkeys::show, Action.PASSKEY_OPTIONS, passkeys::show);
    page(router, page + "/add", Optional.empty(), passkeys::back, Action.REGISTER_PASSKEY, passkeys::add);
    page(router, page + "/rename", Optional.empty(), passkeys::back, Action.RENAME_PASSKEY, passkeys::rename);
    page(router, page + "/remove", Optional.empty(), passkeys::back, Action.REMOVE_PASSKEY, passkeys::remove);
  }

  /** A refusal of the router (400, 404, 405, 413, 500) on a page's path: a page too. */
  void refuse(RoutingContext context, int status) {
    String language = language(context);
    CommonPages common = pages.common();
    Page page = switch (status) {
      case 404 -> common.notFound(language);
      case 405 -> common.wrongMethod(language, List.of("GET", "POST"));
      case 400, 413 -> common.refused(language, status);
      default -> common.failed(language);
    };
    if (status >= 500) {
      log.error("Unhandled failure on {} {}", context.request().method(), context.request().path(), context.failure());
    }
    write(context, page);
  }

  private void notFound(RoutingContext context) {
    write(context, pages.common().notFound(language(context)));
  }

  /** @param action the action whose per-source rate the request spends: a form's, or a page whose showing costs */
  private void serve(RoutingContext context, String path, Function<PageRequest, Future<Page>> handler, boolean isPost,
                     Optional<Action> action) {
    context.put(HttpVerticle.ROUTE, path);
    HttpServerRequest request = context.request();
    Cookie sent = request.getCookie(COOKIE);
    String cookie = sent != null && FormTokens.isCookie(sent.getValue()) ? sent.getValue() : null;
    boolean accepted = isPost && origin.isOurs(request) && formTokens.accepts(cookie, request.getFormAttribute(FORM_FIELD));
    if (cookie == null) {
      cookie = formTokens.newCookie();
      context.response().addCookie(Cookie.cookie(COOKIE, cookie).setPath(origin.cookiePath()).setHttpOnly(true)
        .setSameSite(CookieSameSite.STRICT).setSecure(origin.isSecure()));
    }
    MultiMap params;
    try {
      params = isPost ? request.formAttributes() : context.queryParams();
    } catch (IllegalArgumentException | HttpException malformedQuery) {
      write(context, pages.common().refused(language(context), 400));
      return;
    }
    Cookie session = request.getCookie(OidcProvider.SESSION_COOKIE);
    Cookie device = request.getCookie(DeviceMarkers.COOKIE);
    PageRequest pageRequest = new PageRequest(params(params),
      nonNull(request.getHeader(HttpHeaders.ACCEPT_LANGUAGE)), formTokens.fieldFor(cookie), accepted,
      context.get(Replies.REQUEST_ID), context.get(HttpVerticle.SOURCE), nonNull(request.getHeader(HttpHeaders.USER_AGENT)),
      all(params), Optional.ofNullable(session).map(Cookie::getValue), Optional.ofNullable(device).map(Cookie::getValue));
    Optional<TooManyRequests> overRate = action.flatMap(name -> limits.refusal(name, pageRequest.source()));
    if (overRate.isPresent()) {
      write(context, throttled(path, CommonPages.language(pageRequest), overRate.get()));
      return;
    }
    Future<Page> page;
    try {
      page = handler.apply(pageRequest);
    } catch (RuntimeException e) {
      page = Future.failedFuture(e);
    }
    page.onComplete(done -> write(context, done.succeeded() ? done.result() : forFailure(context, path, done.cause())));
  }

  /** Admission control's refusal says when to come back; anything else broke, and is logged (the path, never the query). */
  private Page forFailure(RoutingContext context, String path, Throwable failure) {
    String language = language(context);
    return Overloaded.of(failure).map(overload -> pages.common().busy(language, overload.retryAfterSeconds()))
      .orElseGet(() -> {
        log.error("Page {} {} failed", context.request().method(), path, failure);
        return pages.common().failed(language);
      });
  }

  /** A limit refused the form: the "too many attempts" page, counted as the API's 429s are, under the page's own name. */
  private Page throttled(String path, String language, TooManyRequests refused) {
    outcomes.countThrottled("page:" + path, refused.reply());
    return pages.common().tooManyAttempts(language, (int) Math.min(Integer.MAX_VALUE, refused.retryAfterSeconds()));
  }

  private void write(RoutingContext context, Page page) {
    writer.write(context, page);
  }

  private static String language(RoutingContext context) {
    return CommonPages.language(nonNull(context.request().getHeader(HttpHeaders.ACCEPT_LANGUAGE)));
  }

  /** Every value of each parameter. */
  private static Map<String, List<String>> all(MultiMap multiMap) {
    Map<String, List<String>> all = new LinkedHashMap<>();
    multiMap.names().forEach(name -> all.put(name, List.copyOf(multiMap.getAll(name))));
    return all;
  }

  /** The first value of each parameter; a page reads single values only. */
  private static Map<String, String> params(MultiMap multiMap) {
    Map<String, String> params = new HashMap<>();
    multiMap.names().forEach(name -> params.put(name, multiMap.get(name)));
    return params;
  }

  private static String nonNull(String value) {
    return value == null ? "" : value;
  }
}
