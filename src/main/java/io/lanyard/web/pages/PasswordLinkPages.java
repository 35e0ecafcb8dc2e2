package io.lanyard.web.pages;

import io.lanyard.model.accounts.LinkedAccount;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code GET|POST /account/<page>?token=…}: a page a mailed link opens to choose a password (activate an account, reset a
 * password). It shows the form only for a link that works, in the account's language; the form goes to the operation the API
 * route calls, so every rule of the API holds here too. Outcomes: done, link expired or used, the form again with its errors.
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

  public PasswordLinkPages(Flow flow, ApplicationDirectory applications, CommonPages common) {
    this.flow = flow;
    this.applications = applications;
    this.common = common;
    this.messages = common.messages();
  }

  public Future<Page> show(PageRequest request) {
    String token = request.param(TOKEN);
    if (!LinkTokens.isWellFormed(token)) {
      return Future.succeededFuture(common.malformedLink(request));
    }
    return flow.find().apply(token).compose(account -> account.isEmpty()
      ? Future.succeededFuture(common.linkExpired(request, flow.page(), token))
      : named(account.get()).map(app -> form(request, token, account.get(), app).page(200, request.formToken())));
  }

  public Future<Page> submit(PageRequest request) {
    String token = request.param(TOKEN);
    if (!LinkTokens.isWellFormed(token)) {
      return Future.succeededFuture(common.malformedLink(request));
    }
    return flow.find().apply(token).compose(account -> account.isEmpty()
      ? Future.succeededFuture(common.linkExpired(request, flow.page(), token))
      : named(account.get()).compose(app -> submit(request, token, account.get(), app)));
  }

  private Future<Page> submit(PageRequest request, String token, LinkedAccount account, Optional<Application> app) {
    FormPage form = form(request, token, account, app);
    if (!request.formAccepted()) {
      return Future.succeededFuture(form.notice("notice_form_expired").page(403, request.formToken()));
    }
    String password = request.param(PasswordForm.PASSWORD);
    PasswordForm.checkMatch(form, password, request.param(PasswordForm.CONFIRMATION));
    if (form.hasErrors()) {
      return Future.succeededFuture(form.page(400, request.formToken()));
    }
    JsonObject body = new JsonObject().put(TOKEN, token).put(PasswordForm.PASSWORD, password);
    return flow.operation().apply(request.toApiRequest(body))
      .map(result -> outcome(request, token, result, form, app, language(request, account)));
  }

  private Page outcome(PageRequest request, String token, Result result, FormPage form, Optional<Application> app,
                       String language) {
    StatusCode status = result.status();
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

  private FormPage form(PageRequest request, String token, LinkedAccount account, Optional<Application> app) {
    String language = language(request, account);
    return PasswordForm.of(messages, language, flow.page(), flow.keys(), Map.of(TOKEN, token))
      .application(app.map(Application::label))
      .languageSwitch(flow.page(), Map.of(TOKEN, token));
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
