package io.lanyard.selfservice.recovery;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.PasswordResetRepository;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.lifecycle.LinkMail;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * POST /_plugin/{P}/user/requestPasswordReset: 0 for every well-formed address | 131 | 190 | 149 | 140 | 181 | 124 (no reset
 * URL and no {@code http.publicUrl}) | 187 |
 * internal 1. An active account gets a {@code password_reset} mail with a single-use link, replacing any earlier one; a
 * pending account its account link again; any other address nothing. Every check that could refuse the request depends on
 * the request alone, never on the account, and the mail goes to the outbox, never out on the request path: neither the
 * reply nor its timing tells whether the address has an account.
 */
public final class RequestPasswordReset {

  private static final Logger log = LoggerFactory.getLogger(RequestPasswordReset.class);

  private final Pool pool;
  private final Captcha captcha;
  private final ApplicationDirectory applications;
  private final AccountRepository accounts;
  private final PasswordResetRepository resets;
  private final AccountLinkRepository accountLinks;
  private final AccountMail mail;
  private final LinkMail links;
  private final LanyardConfig.Links config;
  private final AuditTrail audit;
  private final Optional<String> publicUrl;

  /** @param publicUrl the service's public URL: links of an application with no URL of their kind lead to the hosted pages */
  public RequestPasswordReset(Pool pool, Captcha captcha, ApplicationDirectory applications, AccountRepository accounts,
                              PasswordResetRepository resets, AccountLinkRepository accountLinks, AccountMail mail,
                              LanyardConfig.Links config, AuditTrail audit, Optional<String> publicUrl) {
    this.pool = pool;
    this.captcha = captcha;
    this.applications = applications;
    this.accounts = accounts;
    this.resets = resets;
    this.accountLinks = accountLinks;
    this.mail = mail;
    this.links = new LinkMail(mail);
    this.config = config;
    this.audit = audit;
    this.publicUrl = publicUrl;
  }

  /**
   * The body's checks, then the application's (in memory), then the CAPTCHA's (a call to the provider, so after every check
   * that costs nothing and before anything is read or written).
   */
  public Future<Result> handle(PasswordResetRequest request) {
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(request.refusal().get());
    }
    return applications.admitForCreation(request.fromThirdParty())
      .compose(admission -> {
        if (!admission.isAdmitted()) {
          audit.record(admission.refusalEvent(request.origin()).withIdentifier(request.email()));
          return Future.succeededFuture(Result.of(admission.refusal()));
        }
        return captcha.check(request.captchaToken(), request.source()).compose(refusal -> {
          if (refusal.isPresent()) {
            return Future.succeededFuture(refusal.get());
          }
          // recorded alike whether or not the address has an account: the trail is no oracle either
          audit.record(AuditEvent.of(AuditKind.PASSWORD_RESET_REQUESTED, request.origin())
            .withApplication(admission.application().id()).withIdentifier(request.email()));
          return sendFor(admission.application(), request.email(), request.language());
        });
      })
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }

  /**
   * The hosted "forgot password" page: on behalf of the application the page was opened for ({@code ?app=}), else of the
   * account's own application, provided it may ask as the route's token must (active, may create users). 0 whatever
   * happens to the address, as for the route; the page says the same in every case, so it tells nothing about accounts
   * either. With a CAPTCHA configured, the page's widget answer is checked first, as the route's {@code captchaToken} is
   * (131, 190, or internal 1 when the provider cannot answer), before anything is read.
   *
   * @param email a normalised, valid address
   * @param captchaToken the widget's answer, or null
   * @param source the client's address, which the provider may check the answer against
   */
  public Future<Result> sendFromPage(Optional<String> applicationId, String email, Optional<String> language,
                                     Object captchaToken, String source) {
    return captcha.check(captchaToken, source)
      .compose(refusal -> refusal.isPresent() ? Future.succeededFuture(refusal.get())
        : onBehalfOf(applicationId, email).compose(found -> found.isEmpty() ? Future.succeededFuture(Result.success())
          : sendFor(found.get(), email, language)))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }

  /** The application the page was opened for, else the account's own; provided it may ask. */
  private Future<Optional<Application>> onBehalfOf(Optional<String> applicationId, String email) {
    Future<Optional<Application>> application = applicationId.isPresent() ? applications.byId(applicationId.get())
      : accounts.findByEmail(pool, email).compose(account -> account.flatMap(Account::applicationId)
        .map(applications::byId).orElse(Future.succeededFuture(Optional.empty())));
    return application.map(found -> found.filter(RequestPasswordReset::mayAsk));
  }

  private static boolean mayAsk(Application application) {
    return !application.isRevoked() && application.isActive(Instant.now()) && application.canCreateUsers();
  }

  /**
   * Sends what the address's account needs on behalf of an application (the route's, or the one an operator names): 124 and
   * 187 before anything is read or written, else 0.
   *
   * @param email a normalised address
   * @param requested the language of the mail, else the account's
   */
  public Future<Result> sendFor(Application application, String email, Optional<String> requested) {
    Optional<String> resetUrl = LinkUrls.choose(application.urls().resetUrl(), publicUrl, "reset");
    if (resetUrl.isEmpty()) {
      return Future.succeededFuture(Result.of(StatusCode.LINK_URL_MISCONFIGURED));
    }
    AccountMail.Sender sender = AccountMail.Sender.of(application);
    return mail.template(sender, MailKind.PASSWORD_RESET, requested.orElse("eng-GB")).compose(template -> template.isEmpty()
      ? Future.succeededFuture(Result.of(StatusCode.TEMPLATE_MISSING))
      : pool.withTransaction(tx -> accounts.lockByEmail(tx, email)
          .compose(account -> send(tx, requested, application, resetUrl.get(), sender, account)))
        .map(sent -> {
          if (sent) {
            mail.nudge();
          }
          return Result.success();
        }));
  }

  /** @return whether a mail was queued */
  private Future<Boolean> send(SqlClient tx, Optional<String> requested, Application application, String resetUrl,
                               AccountMail.Sender sender, Optional<Account> found) {
    if (found.isEmpty()) {
      return Future.succeededFuture(false);
    }
    Account account = found.get();
    String language = requested.orElse(account.language());
    if (account.status() == UserStatus.ACTIVE) {
      return mail.template(sender, MailKind.PASSWORD_RESET, language).compose(template -> links.send(tx,
          (client, hash) -> resets.replace(client, account.id(), hash, config.resetTtl()), template.orElseThrow(), sender,
          account, resetUrl, account.email(), language, Map.of()))
        .map(true);
    }
    if (account.status() == UserStatus.PENDING) {
      return accountLinkAgain(tx, application, sender, account, language);
    }
    return Future.succeededFuture(false);
  }

  /** A pending account has no password to reset: it gets a fresh account link, as {@code /user/create} would send it. */
  private Future<Boolean> accountLinkAgain(SqlClient tx, Application application, AccountMail.Sender sender, Account account,
                                           String language) {
    Optional<String> linkUrl = LinkUrls.choose(application.linkUrl(), publicUrl, "activate");
    if (linkUrl.isEmpty()) {
      log.warn("Application {} has no usable account-link URL: a pending account asking for a reset got no link",
        application.name());
      return Future.succeededFuture(false);
    }
    return mail.template(sender, MailKind.ACCOUNT_LINK, language).compose(template -> template.isEmpty()
      ? Future.succeededFuture(false)
      : sendAccountLink(tx, linkUrl.get(), sender, account, language, template.get()));
  }

  private Future<Boolean> sendAccountLink(SqlClient tx, String linkUrl, AccountMail.Sender sender, Account account,
                                          String language, CompiledMail template) {
    return links.send(tx, (client, hash) -> accountLinks.insert(client, hash, account.id(), config.ttl()), template, sender,
        account, linkUrl, account.email(), language, Map.of())
      .map(true);
  }
}
