package io.lanyard.web.pages;

import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.selfservice.emailchange.ConfirmEmailChange;
import io.lanyard.selfservice.emailchange.ConfirmEmailChangeRequest;
import io.lanyard.selfservice.emailchange.EmailChangeLinks;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.Optional;

/**
 * {@code GET|POST /account/email?token=…}: the page an e-mail-change link opens. It shows the new address and a button; only
 * the button (a POST) runs {@link ConfirmEmailChange}, the operation of {@code confirmEmailChange}, so a mail scanner opening
 * the link confirms nothing. Outcomes: done, link expired or used, address taken meanwhile.
 */
public final class EmailConfirmPages {

  static final String PAGE = "email";
  private static final String TOKEN = "token";

  private final EmailChangeLinks links;
  private final ConfirmEmailChange confirm;
  private final ApplicationDirectory applications;
  private final CommonPages common;

  public EmailConfirmPages(EmailChangeLinks links, ConfirmEmailChange confirm, ApplicationDirectory applications,
                           CommonPages common) {
    this.links = links;
    this.confirm = confirm;
    this.applications = applications;
    this.common = common;
  }

  public Future<Page> show(PageRequest request) {
    return withChange(request, (token, change, app) -> Future.succeededFuture(
      form(request, token, change, app).page(200, request.formToken())));
  }

  public Future<Page> submit(PageRequest request) {
    return withChange(request, (token, change, app) -> {
      if (!request.formAccepted()) {
        return Future.succeededFuture(form(request, token, change, app).notice("notice_form_expired")
          .page(403, request.formToken()));
      }
      String language = language(request, change);
      return confirm.handle(ConfirmEmailChangeRequest.from(request.toApiRequest(new JsonObject().put(TOKEN, token))))
        .map(result -> outcome(request, token, result, change, app, language));
    });
  }

  private interface WithChange {
    Future<Page> apply(String token, EmailChangeRepository.Pending change, Optional<Application> app);
  }

  private Future<Page> withChange(PageRequest request, WithChange then) {
    String token = request.param(TOKEN);
    if (!LinkTokens.isWellFormed(token)) {
      return Future.succeededFuture(common.malformedLink(request));
    }
    return links.find(token).compose(change -> change.isEmpty()
      ? Future.succeededFuture(common.linkExpired(request, PAGE, token))
      : named(change.get()).compose(app -> then.apply(token, change.get(), app)));
  }

  private Page outcome(PageRequest request, String token, Result result, EmailChangeRepository.Pending change,
                       Optional<Application> app, String language) {
    StatusCode status = result.status();
    if (status == StatusCode.SUCCESS) {
      return common.done(language, "email_done_title", "email_done_text", Map.of("email", change.newEmail()), app);
    }
    if (status == StatusCode.EMAIL_ALREADY_EXISTS) {
      return MessagePage.titled(common.messages(), language, "email_taken_title").paragraph("email_taken_text")
        .application(app).page(409);
    }
    if (status == StatusCode.LINK_TOKEN_INVALID) {
      return common.linkExpired(request, PAGE, token);
    }
    return common.failed(language);
  }

  private FormPage form(PageRequest request, String token, EmailChangeRepository.Pending change, Optional<Application> app) {
    return FormPage.of(common.messages(), language(request, change), PAGE, "email_title", "email_submit")
      .paragraph("email_intro", Map.of("email", change.newEmail()))
      .hidden(TOKEN, token)
      .application(app.map(Application::label))
      .languageSwitch(PAGE, Map.of(TOKEN, token));
  }

  private static String language(PageRequest request, EmailChangeRepository.Pending change) {
    return PageLanguage.choose(request.param("lang"), change.account().language(), request.acceptLanguage());
  }

  private Future<Optional<Application>> named(EmailChangeRepository.Pending change) {
    return change.account().applicationId().isEmpty() ? Future.succeededFuture(Optional.empty())
      : applications.byId(change.account().applicationId().get()).otherwise(Optional.empty());
  }
}
