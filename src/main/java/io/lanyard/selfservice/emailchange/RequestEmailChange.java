package io.lanyard.selfservice.emailchange;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.CurrentPassword;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.services.throttling.TokenBuckets;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.time.Duration;
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
  private final EmailChangeSender changeMail;
  private final Captcha captcha;
  private final Optional<TokenBuckets> perAccount;

  /** @param changeMail the pending change and its mail, shared with the help desk's correction of an address */
  public RequestEmailChange(Pool pool, CurrentPassword currentPassword, AccountRepository accounts, EmailChangeSender changeMail,
                            Captcha captcha, Optional<TokenBuckets> perAccount) {
    this.pool = pool;
    this.currentPassword = currentPassword;
    this.accounts = accounts;
    this.changeMail = changeMail;
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
        : changeMail.prepare(account.get(), Reply::of, mails -> withPassword(request, account.get(), mails)))
      .otherwise(failure -> Reply.of(StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED)));
  }

  /** The CAPTCHA, when one is configured, before the password costs a bcrypt run. */
  private Future<Reply> withPassword(EmailChangeRequest request, Account account, EmailChangeSender.Mails mails) {
    return captcha.check(request.captchaToken(), request.origin().source()).compose(refusal -> refusal.isPresent()
      ? Future.succeededFuture(Reply.of(refusal.get()))
      : checkPassword(request, account, mails));
  }

  private Future<Reply> checkPassword(EmailChangeRequest request, Account account, EmailChangeSender.Mails mails) {
    return currentPassword.verify(account.id(), request.currentPassword(), request.origin())
      .compose(check -> switch (check.outcome()) {
        case LOCKED -> Future.succeededFuture(TooManyRequests.lockout(check.retryAfter()).reply());
        case WRONG -> Future.succeededFuture(Reply.of(Result.of(StatusCode.CURRENT_PASSWORD_WRONG)));
        case VERIFIED -> changeMail.send(request.newEmail(), account, mails).map(Reply::of);
      });
  }
}
