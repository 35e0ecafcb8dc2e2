package io.lanyard.selfservice.recovery;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.PasswordResetRepository;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.lifecycle.LinkMail;
import io.lanyard.services.mail.MailKind;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * What a reset request sends, which depends on the address's account: an active account a {@code password_reset} mail with a
 * single-use link, replacing any earlier one; a pending account its account link again; any other address nothing. Runs in
 * the caller's transaction: the worker's ({@link ResetRequestVerticle}), or a help-desk command's.
 */
final class ResetMail {

  private static final Logger log = LoggerFactory.getLogger(ResetMail.class);
  private static final String DEFAULT_LANGUAGE = "eng-GB";

  private final ApplicationDirectory applications;
  private final AccountRepository accounts;
  private final PasswordResetRepository resets;
  private final AccountLinkRepository accountLinks;
  private final AccountMail mail;
  private final LinkMail links;
  private final LanyardConfig.Links config;
  private final Optional<String> publicUrl;

  ResetMail(ApplicationDirectory applications, AccountRepository accounts, PasswordResetRepository resets,
            AccountLinkRepository accountLinks, AccountMail mail, LanyardConfig.Links config, Optional<String> publicUrl) {
    this.applications = applications;
    this.accounts = accounts;
    this.resets = resets;
    this.accountLinks = accountLinks;
    this.mail = mail;
    this.links = new LinkMail(mail);
    this.config = config;
    this.publicUrl = publicUrl;
  }

  /**
   * What refuses a request whatever the address, from memory: 124 (the application has no reset URL and there are no hosted
   * pages), 187 (no template).
   */
  Future<Optional<StatusCode>> refusal(Application application, Optional<String> requested) {
    if (resetUrl(application, publicUrl).isEmpty()) {
      return Future.succeededFuture(Optional.of(StatusCode.LINK_URL_MISCONFIGURED));
    }
    return mail.template(AccountMail.Sender.of(application), MailKind.PASSWORD_RESET, requested.orElse(DEFAULT_LANGUAGE))
      .map(template -> template.isEmpty() ? Optional.of(StatusCode.TEMPLATE_MISSING) : Optional.empty());
  }

  /**
   * A queued request: on behalf of its application, else (the hosted page opened without {@code ?app=}) of the account's own,
   * provided it may still ask as the route's token must (active, may create users).
   *
   * @return whether a mail was queued
   */
  Future<Boolean> send(SqlClient tx, ResetRequestQueue.Queued request) {
    Future<Optional<Application>> application = request.applicationId().isPresent()
      ? applications.byId(request.applicationId().get())
      : accounts.findByEmail(tx, request.email()).compose(account -> account.flatMap(Account::applicationId)
        .map(applications::byId).orElse(Future.succeededFuture(Optional.empty())));
    return application.map(found -> found.filter(ResetMail::mayAsk)).compose(found -> found.isEmpty()
      ? Future.succeededFuture(false)
      : send(tx, found.get(), request.email(), request.language(), request.publicUrl()));
  }

  private static boolean mayAsk(Application application) {
    return !application.isRevoked() && application.isActive(Instant.now()) && application.canCreateUsers();
  }

  /** On behalf of an application, with this instance's {@code http.publicUrl}: a help-desk command. */
  Future<Boolean> send(SqlClient tx, Application application, String email, Optional<String> requested) {
    return send(tx, application, email, requested, publicUrl);
  }

  /** The instance's {@code http.publicUrl}, which a queued request keeps for its links. */
  Optional<String> publicUrl() {
    return publicUrl;
  }

  /**
   * On behalf of an application: nothing when {@link #refusal} would refuse it.
   *
   * @param email a normalised address
   * @param requested the language of the mail, else the account's
   * @param hostedPages the {@code http.publicUrl} of the instance that answered the request: where links lead when the
   *                    application has no URL of their own
   * @return whether a mail was queued
   */
  private Future<Boolean> send(SqlClient tx, Application application, String email, Optional<String> requested,
                               Optional<String> hostedPages) {
    Optional<String> resetUrl = resetUrl(application, hostedPages);
    if (resetUrl.isEmpty()) {
      return Future.succeededFuture(false);
    }
    return accounts.lockByEmail(tx, email).compose(found -> {
      if (found.isEmpty()) {
        return Future.succeededFuture(false);
      }
      Account account = found.get();
      String language = requested.orElse(account.language());
      if (account.status() == UserStatus.ACTIVE) {
        return resetLink(tx, application, resetUrl.get(), account, language);
      }
      if (account.status() == UserStatus.PENDING) {
        return accountLinkAgain(tx, application, account, language, hostedPages);
      }
      return Future.succeededFuture(false);
    });
  }

  private static Optional<String> resetUrl(Application application, Optional<String> hostedPages) {
    return LinkUrls.choose(application.urls().resetUrl(), hostedPages, "reset");
  }

  private Future<Boolean> resetLink(SqlClient tx, Application application, String resetUrl, Account account,
                                    String language) {
    AccountMail.Sender sender = AccountMail.Sender.of(application);
    return mail.template(sender, MailKind.PASSWORD_RESET, language).compose(template -> template.isEmpty()
      ? Future.succeededFuture(false)
      : links.send(tx, (client, hash) -> resets.replace(client, account.id(), hash, config.resetTtl()), template.get(),
          sender, account, resetUrl, account.email(), language, Map.of()).map(true));
  }

  /** A pending account has no password to reset: it gets a fresh account link, as {@code /user/create} would send it. */
  private Future<Boolean> accountLinkAgain(SqlClient tx, Application application, Account account, String language,
                                           Optional<String> hostedPages) {
    Optional<String> linkUrl = LinkUrls.choose(application.linkUrl(), hostedPages, "activate");
    if (linkUrl.isEmpty()) {
      log.warn("Application {} has no usable account-link URL: a pending account asking for a reset got no link",
        application.name());
      return Future.succeededFuture(false);
    }
    AccountMail.Sender sender = AccountMail.Sender.of(application);
    return mail.template(sender, MailKind.ACCOUNT_LINK, language).compose(template -> template.isEmpty()
      ? Future.succeededFuture(false)
      : links.send(tx, (client, hash) -> accountLinks.insert(client, hash, account.id(), config.ttl()), template.get(),
          sender, account, linkUrl.get(), account.email(), language, Map.of()).map(true));
  }
}
