package io.lanyard.web.pages;

import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Reply;
import io.lanyard.signin.oidc.SsoSession;
import io.lanyard.signin.oidc.SsoSessions;
import io.lanyard.signin.passkeys.MyPasskeys;
import io.lanyard.signin.passkeys.PasskeyRequest;
import io.lanyard.signin.passkeys.RegisterPasskey;
import io.vertx.core.Future;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code GET /account/passkeys}: the passkeys of the person signed in through the browser's SSO session, each with a form to
 * rename it and one to remove it (plain forms, no script needed), and "add a passkey", which our script ({@code passkey.js})
 * offers where the browser has WebAuthn: the page carries the registration options (their challenge issued as the API's
 * {@code POST /_me/passkeys/_options} does), the script has the browser create the credential and sends it in a form.
 * {@code POST /account/passkeys/add|rename|remove} run the API's operations ({@link RegisterPasskey}, {@link MyPasskeys}) for
 * the session's account, so their checks, rates and audit events are the API's. Without a session the page says to sign in.
 */
public final class PasskeyPages {

  public static final String PAGE = "passkeys";
  private static final String ID = "id";
  private static final String NAME = "name";
  private static final String CREDENTIAL = "credential";
  private static final String DONE = "done";
  private static final List<String> OUTCOMES = List.of("added", "renamed", "removed");

  private final SsoSessions sessions;
  private final RegisterPasskey register;
  private final MyPasskeys mine;
  private final CommonPages common;
  private final String base;

  /** @param root the service's path as browsers see it, ending with a slash (the pages are under {@code account/}) */
  public PasskeyPages(SsoSessions sessions, RegisterPasskey register, MyPasskeys mine, CommonPages common, String root) {
    this.sessions = sessions;
    this.register = register;
    this.mine = mine;
    this.common = common;
    this.base = root + "account/";
  }

  public Future<Page> show(PageRequest request) {
    Optional<String> notice = Optional.of(request.param(DONE)).filter(OUTCOMES::contains).map(done -> "passkeys_" + done);
    return signedIn(request, caller -> page(request, caller, notice, 200));
  }

  /** A GET of a form's address: the page itself. */
  public Future<Page> back(PageRequest request) {
    return Future.succeededFuture(Page.redirect(base + PAGE + "?lang=" + CommonPages.language(request),
      CommonPages.language(request)));
  }

  public Future<Page> add(PageRequest request) {
    return submitted(request, "added", caller -> register.register(new PasskeyRequest(caller, null, null,
      credential(request.param(CREDENTIAL)), request.origin())));
  }

  public Future<Page> rename(PageRequest request) {
    return submitted(request, "renamed", caller -> mine.rename(new PasskeyRequest(caller, request.param(ID),
      request.param(NAME), null, request.origin())));
  }

  public Future<Page> remove(PageRequest request) {
    return submitted(request, "removed", caller -> mine.remove(new PasskeyRequest(caller, request.param(ID), null, null,
      request.origin())));
  }

  /** A form sent: refused unless it is one of ours, else the operation's outcome (done: back to the page, which says so). */
  private Future<Page> submitted(PageRequest request, String done, Function<Caller, Future<Reply>> operation) {
    return signedIn(request, caller -> {
      if (!request.formAccepted()) {
        return page(request, caller, Optional.of("notice_form_expired"), 403);
      }
      return operation.apply(caller).compose(reply -> reply.error() == null
        ? Future.succeededFuture(Page.redirect(base + PAGE + "?" + DONE + "=" + done + "&lang="
            + CommonPages.language(request), CommonPages.language(request)))
        : page(request, caller, Optional.of(refusal(reply)), reply.status()));
    });
  }

  /** What the page says of a refusal: the operation names the argument it refused in its message (docs/api.md#passkeys). */
  private static String refusal(Reply reply) {
    String message = reply.error().message();
    if (message.contains("\"" + NAME + "\"")) {
      return "passkeys_bad_name";
    }
    // an id that cannot be one is a passkey that does not exist
    return reply.status() == 404 || message.contains("\"" + ID + "\"") ? "passkeys_not_found" : "passkeys_refused";
  }

  /** The account of the browser's SSO session as the operations' caller; the "sign in first" page without one. */
  private Future<Page> signedIn(PageRequest request, Function<Caller, Future<Page>> then) {
    return sessions.find(request.sessionCookie()).compose(session -> session.isEmpty()
      ? Future.succeededFuture(signInFirst(request))
      : then.apply(caller(session.get())));
  }

  /** The operations read the caller's account alone; the session's id stands where a token's would (it expires by itself). */
  private static Caller caller(SsoSession session) {
    return new Caller(session.userId(), session.sid(), -1, session.authTime());
  }

  private Page signInFirst(PageRequest request) {
    String language = CommonPages.language(request);
    return MessagePage.titled(common.messages(), language, "passkeys_signin_title").paragraph("passkeys_signin_text")
      .languageSwitch(PAGE, Map.of()).page(401);
  }

  private Future<Page> page(PageRequest request, Caller caller, Optional<String> notice, int status) {
    return mine.list(caller).compose(listed -> register.options(caller).map(options -> {
      String language = CommonPages.language(request);
      Messages messages = common.messages();
      Map<String, Object> model = new HashMap<>();
      model.put("title", messages.text(language, "passkeys_title"));
      model.put("intro", messages.text(language, "passkeys_intro"));
      notice.ifPresent(key -> model.put("notice", messages.text(language, key)));
      List<Map<String, Object>> shown = shown(listed.result().getJsonArray("hits", new JsonArray()), language);
      model.put("passkeys", shown);
      model.put("hasPasskeys", !shown.isEmpty());
      model.put("formToken", request.formToken());
      model.put("lang", language);
      model.put("addAction", base + PAGE + "/add");
      // the account's status is checked by the options: an account no longer active is offered nothing to add
      if (options.error() == null) {
        model.put("options", options.result().encode());
        model.put("canAdd", true);
      }
      model.put("script", PageScript.PASSKEY);
      model.put("switch", LanguageSwitch.to(language, PAGE, Map.of()));
      return Page.of(status, PAGE, language, model)
        .withHeader("Content-Security-Policy", ContentSecurityPolicy.runningOurScript(ContentSecurityPolicy.STRICT));
    }));
  }

  private List<Map<String, Object>> shown(JsonArray hits, String language) {
    DateTimeFormatter dates = DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG)
      .withLocale(Locale.forLanguageTag(PageLanguage.htmlTag(language))).withZone(ZoneOffset.UTC);
    Messages messages = common.messages();
    List<Map<String, Object>> shown = new ArrayList<>();
    for (int i = 0; i < hits.size(); i++) {
      JsonObject passkey = hits.getJsonObject(i);
      Long lastUsed = passkey.getLong("lastUsedAt");
      Map<String, Object> model = new HashMap<>();
      model.put("index", i);
      model.put(ID, passkey.getString("_id"));
      model.put(NAME, passkey.getString("name"));
      model.put("created", messages.format(language, "passkeys_created",
        Map.of("date", dates.format(Instant.ofEpochMilli(passkey.getLong("createdAt"))))));
      model.put("lastUsed", lastUsed == null ? messages.text(language, "passkeys_never_used")
        : messages.format(language, "passkeys_last_used", Map.of("date", dates.format(Instant.ofEpochMilli(lastUsed)))));
      model.put("renameAction", base + PAGE + "/rename");
      model.put("removeAction", base + PAGE + "/remove");
      shown.add(model);
    }
    return shown;
  }

  /** The credential the script sent, an object; anything else is refused by the operation as a malformed credential. */
  private static Object credential(String sent) {
    try {
      return new JsonObject(sent);
    } catch (DecodeException malformed) {
      return sent;
    }
  }
}
