package io.lanyard.selfservice.emailchange;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.CurrentPassword;
import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.lifecycle.LinkMail;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.throttling.TokenBuckets;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * POST /_plugin/{P}/user/requestEmailChange {newEmail, currentPassword} (Bearer): 0 whatever the new address | 131 | 190 | 192
 * wrong or missing current password (counted toward the lockout) | 124 the account's application has no e-mail-change URL
 * and {@code http.publicUrl} is not set |
 * 187 | internal 1 | 429 locked, or over the account's {@code security.emailChangeRate}. The new address gets a confirmation
 * link ({@code email_change}), or, when it already has an account, a notice saying so ({@code email_in_use}); nothing changes
 * until the link is used. Each request may mail an address of the caller's choice, so it is limited per account (before any
 * read), needs the CAPTCHA when one is configured (before the password is checked), and spends its source's mail rate too
 * (docs/security.md#mail-limits).
 */
public final class RequestEmailChange {

  private final Pool pool;
  private final CurrentPassword currentPassword;
  private final AccountRepository accounts;
  private final EmailChangeRepository changes;
  private final ApplicationDirectory applications;
  private final AccountMail mail;
  private final LinkMail links;
  private final LanyardConfig.Links config;
  private final Optional<String> publicUrl;
  private final Captcha captcha;
  private final Optional<TokenBuckets> perAccount;

  /** @param publicUrl the service's public URL: without an e-mail-change URL of its own, the link leads to the hosted page */
  public RequestEmailChange(Pool pool, CurrentPassword currentPassword, AccountRepository accounts,
                            EmailChangeRepository changes, ApplicationDirectory applications, AccountMail mail,
                            LanyardConfig.Links config, Optional<String> publicUrl, Captcha captcha,
                            Optional<TokenBuckets> perAccount) {
    this.pool = pool;
    this.currentPassword = currentPassword;
    this.accounts = accounts;
    this.changes = changes;
    this.applications = applications;
    this.mail = mail;
    this.links = new LinkMail(mail);
    this.config = config;
    this.publicUrl = publicUrl;
    this.captcha = captcha;
    this.perAccount = perAccount;
  }

  public Future<Reply> handle(EmailChangeRequest request) {
    if (request.refusal().isPresent()) {
      return Future.succeededFuture(Reply.of(request.refusal().get()));
    }
    Optional<Duration> wait = perAccount.flatMap(buckets -> buckets.take(request.caller().userId()));
    if (wait.isPresent()) {
      return Future.succeededFuture(TooManyRequests.of(TooManyRequests.Reason.EMAIL_CHANGE_RATE, wait.get()).reply());
    }
    return accounts.findById(pool, request.caller().userId())
      .compose(account -> account.isEmpty() ? Future.succeededFuture(Reply.of(Result.of(StatusCode.CURRENT_PASSWORD_WRONG)))
        : withUrl(request, account.get()))
      .otherwise(failure -> Reply.of(StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED)));
  }

  /** 124 and 187 come first: they depend on the account's application alone, and cost no bcrypt run. */
  private Future<Reply> withUrl(EmailChangeRequest request, Account account) {
    Future<Optional<String>> url = account.applicationId().isEmpty() ? Future.succeededFuture(Optional.empty())
      : applications.byId(account.applicationId().get())
        .map(application -> application.flatMap(found -> found.urls().emailUrl()));
    return url.map(own -> LinkUrls.choose(own, publicUrl, "email")).compose(emailUrl -> {
      if (emailUrl.isEmpty()) {
        return Future.succeededFuture(Reply.of(Result.of(StatusCode.LINK_URL_MISCONFIGURED)));
      }
      return mail.senderOf(account).compose(sender -> mail.template(sender, MailKind.EMAIL_CHANGE, account.language())
        .compose(change -> mail.template(sender, MailKind.EMAIL_IN_USE, account.language())
          .compose(inUse -> change.isEmpty() || inUse.isEmpty()
            ? Future.succeededFuture(Reply.of(Result.of(StatusCode.TEMPLATE_MISSING)))
            : withPassword(request, account, new Mails(sender, emailUrl.get(), change.get())))));
    });
  }

  private record Mails(AccountMail.Sender sender, String emailUrl, CompiledMail change) {
  }

  /** The CAPTCHA, when one is configured, before the password costs a bcrypt run. */
  private Future<Reply> withPassword(EmailChangeRequest request, Account account, Mails mails) {
    return captcha.check(request.captchaToken(), request.origin().source()).compose(refusal -> refusal.isPresent()
      ? Future.succeededFuture(Reply.of(refusal.get()))
      : checkPassword(request, account, mails));
  }

  private Future<Reply> checkPassword(EmailChangeRequest request, Account account, Mails mails) {
    return currentPassword.verify(account.id(), request.currentPassword(), request.origin())
      .compose(check -> switch (check.outcome()) {
        case LOCKED -> Future.succeededFuture(TooManyRequests.lockout(check.retryAfter()).reply());
        case WRONG -> Future.succeededFuture(Reply.of(Result.of(StatusCode.CURRENT_PASSWORD_WRONG)));
        case VERIFIED -> pool.withTransaction(tx -> send(tx, request.newEmail(), account, mails))
          .map(sent -> {
            if (sent) {
              mail.nudge();
            }
            return Reply.of(Result.success());
          });
      });
  }

  /** @return whether a mail was queued (none when the new address is the current one) */
  private Future<Boolean> send(SqlClient tx, String newEmail, Account account, Mails mails) {
    if (newEmail.equals(account.email())) {
      return Future.succeededFuture(false);
    }
    return accounts.findByEmail(tx, newEmail).compose(holder -> {
      if (holder.isPresent()) {
        return mail.notice(tx, mails.sender(), holder.get(), MailKind.EMAIL_IN_USE, Map.of(), true).map(true);
      }
      // The new address is not proven to be the account's yet: the mail carries no free text of the account (its first
      // name is whatever its holder typed), so nobody can use it to send words of their choice to an address of their choice.
      return links.send(tx, (client, hash) -> changes.replace(client, account.id(), newEmail, hash, config.emailTtl()),
          mails.change(), mails.sender(), account, mails.emailUrl(), newEmail, account.language(),
          Map.of("newEmail", newEmail, "firstname", ""))
        .map(true);
    });
  }
}
