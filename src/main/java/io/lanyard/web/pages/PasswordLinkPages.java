package io.lanyard.web.pages;

import io.lanyard.model.accounts.LinkedAccount;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code GET|POST /account/<page>?token=…}: a page a mailed link opens to choose a password (activate an account, reset a
 * password). It shows the form only for a link that works, in the account's language; the form goes to the operation the API
 * route calls, so every rule of the API holds here too. Outcomes: done, link expired or used, the form again with its errors.
 * An activation link sent from a client's login page also carries the way back into that sign-in ({@link SignupReturnPages}):
 * checked before the form, followed once the password is chosen.
 */
public final class PasswordLinkPages {

  private static final String TOKEN = "token";

  /**
   * One kind of link: its page, its words, how a link is looked up without being used, and the operation that uses it.
   *
   * @param keys the message-key prefix of its words: {@code <keys>_title}, {@code <keys>_intro}, {@code <keys>_done_title}...
   * @param operation the operation of the API route, given the request the route would build
   */
  public record Flow(String page, String keys, Function<String, Future<Optional<LinkedAccount>>> find,
                     Function<ApiRequest, Future<Result>> operation) {
  }

  private final Flow flow;
  private final ApplicationDirectory applications;
  private final CommonPages common;
  private final Messages messages;
  private final Optional<SignupReturnPages> returns;
  private final boolean offersPasskeys;

  public PasswordLinkPages(Flow flow, ApplicationDirectory applications, CommonPages common) {
    this(flow, applications, common, Optional.empty(), false);
  }

  /**
   * @param returns the way back into a sign-in, for the activation page while the OpenID Connect provider is on
   * @param offersPasskeys whether the page's "done" offers to add a passkey ({@link PasskeyPages}), for the activation page
   *   while passkeys are on
   */
  public PasswordLinkPages(Flow flow, ApplicationDirectory applications, CommonPages common,
                           Optional<SignupReturnPages> returns, boolean offersPasskeys) {
    this.flow = flow;
    this.applications = applications;
    this.common = common;
    this.messages = common.messages();
    this.returns = returns;
    this.offersPasskeys = offersPasskeys;
  }

  public Future<Page> show(PageRequest request) {
    return forLink(request, (token, account, app, redirectsTo) ->
      Future.succeededFuture(form(request, token, account, app, redirectsTo).page(200, request.formToken())));
  }

  public Future<Page> submit(PageRequest request) {
    return forLink(request, (token, account, app, redirectsTo) -> submit(request, token, account, app, redirectsTo));
  }

  /** What a step of the flow does with a usable link. */
  private interface LinkStep {
    Future<Page> page(String token, LinkedAccount account, Optional<Application> app, Optional<URI> redirectsTo);
  }

  /** The step's page for a well-formed link that still names an account; the malformed or expired link's page otherwise. */
  private Future<Page> forLink(PageRequest request, LinkStep step) {
    String token = request.param(TOKEN);
    if (!LinkTokens.isWellFormed(token)) {
      return Future.succeededFuture(common.malformedLink(request));
    }
    return flow.find().apply(token).compose(account -> account.isEmpty()
      ? Future.succeededFuture(common.linkExpired(request, flow.page(), token))
      : unlessReturnRefused(request, account.get(), redirectsTo -> named(account.get())
          .compose(app -> step.page(token, account.get(), app, redirectsTo))));
  }

  /**
   * A link whose way back into a sign-in is not this account's is refused before anything else; {@code then} is told where
   * the form's answer may redirect the browser.
   */
  private Future<Page> unlessReturnRefused(PageRequest request, LinkedAccount account,
                                           Function<Optional<URI>, Future<Page>> then) {
    Optional<String> reference = returns.flatMap(any -> SignupReturnPages.reference(request));
    if (reference.isEmpty()) {
      return then.apply(Optional.empty());
    }
    return returns.get().check(reference.get(), account.userId(), language(request, account))
      .compose(checked -> checked.refusal().isPresent() ? Future.succeededFuture(checked.refusal().get())
        : then.apply(checked.redirectsTo()));
  }

  private Future<Page> submit(PageRequest request, String token, LinkedAccount account, Optional<Application> app,
                              Optional<URI> redirectsTo) {
    FormPage form = form(request, token, account, app, redirectsTo);
    if (!request.formAccepted()) {
      return Future.succeededFuture(form.notice("notice_form_expired").page(403, request.formToken()));
    }
    String password = request.param(PasswordForm.PASSWORD);
    PasswordForm.checkMatch(form, password, request.param(PasswordForm.CONFIRMATION));
    if (form.hasErrors()) {
      return Future.succeededFuture(form.page(400, request.formToken()));
    }
    JsonObject body = new JsonObject().put(TOKEN, token).put(PasswordForm.PASSWORD, password);
    String language = language(request, account);
    Optional<String> reference = returns.flatMap(any -> SignupReturnPages.reference(request));
    return flow.operation().apply(request.toApiRequest(body)).compose(result -> reference.isPresent()
        && result.status() == StatusCode.SUCCESS
      ? returns.get().afterActivation(request, reference.get(), account.userId(), language)
      : Future.succeededFuture(outcome(request, token, result, form, app, language)));
  }

  private Page outcome(PageRequest request, String token, Result result, FormPage form, Optional<Application> app,
                       String language) {
    StatusCode status = result.status();
    if (status == StatusCode.SUCCESS && offersPasskeys) {
      return MessagePage.titled(messages, language, flow.keys() + "_done_title").paragraph(flow.keys() + "_done_text")
        .paragraph(flow.keys() + "_passkey_offer").action(PasskeyPages.PAGE + "?lang=" + language, "passkeys_add")
        .application(app).page(200);
    }
    if (status == StatusCode.SUCCESS) {
      return common.done(language, flow.keys() + "_done_title", flow.keys() + "_done_text", Map.of(), app);
    }
    if (status == StatusCode.LINK_TOKEN_INVALID) {
      return common.linkExpired(request, flow.page(), token);
    }
    if (status == StatusCode.INVALID_FIELD || status == StatusCode.CREATE_MISSING_FIELD) {
      return PasswordForm.refusedBy(form, result).page(400, request.formToken());
    }
    return common.failed(language);
  }

  private FormPage form(PageRequest request, String token, LinkedAccount account, Optional<Application> app,
                        Optional<URI> redirectsTo) {
    String language = language(request, account);
    Map<String, String> kept = SignupReturnPages.kept(token, returns.flatMap(any -> SignupReturnPages.reference(request)));
    FormPage form = PasswordForm.of(messages, language, flow.page(), flow.keys(), kept)
      .application(app.map(Application::label))
      .languageSwitch(flow.page(), kept);
    redirectsTo.ifPresent(form::redirectsTo);
    return form;
  }

  private static String language(PageRequest request, LinkedAccount account) {
    return PageLanguage.choose(request.param("lang"), account.language(), request.acceptLanguage());
  }

  private Future<Optional<Application>> named(LinkedAccount account) {
    return account.applicationId().isEmpty() ? Future.succeededFuture(Optional.empty())
      // a page without the fair's name is better than no page
      : applications.byId(account.applicationId().get()).otherwise(Optional.empty());
  }
}
