package io.lanyard.selfservice.emailchange;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.lifecycle.LinkMail;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * An address change's pending link and its mail, once the change is allowed: what {@code requestEmailChange} does after the
 * password check, and what the help desk does for a visitor who mistyped their address. The new address gets a confirmation
 * link ({@code email_change}), or, when it already has an account, a notice saying so ({@code email_in_use}); nothing
 * changes until the link is used ({@code confirmEmailChange}).
 */
public final class EmailChangeSender {

  private final Pool pool;
  private final AccountRepository accounts;
  private final EmailChangeRepository changes;
  private final ApplicationDirectory applications;
  private final AccountMail mail;
  private final LinkMail links;
  private final LanyardConfig.Links config;
  private final Optional<String> publicUrl;

  /** @param publicUrl the service's public URL: without an e-mail-change URL of its own, the link leads to the hosted page */
  public EmailChangeSender(Pool pool, AccountRepository accounts, EmailChangeRepository changes,
                          ApplicationDirectory applications, AccountMail mail, LanyardConfig.Links config,
                          Optional<String> publicUrl) {
    this.pool = pool;
    this.accounts = accounts;
    this.changes = changes;
    this.applications = applications;
    this.mail = mail;
    this.links = new LinkMail(mail);
    this.config = config;
    this.publicUrl = publicUrl;
  }

  /** The account's sender, link URL and the change's template, found before anything is checked or written. */
  record Mails(AccountMail.Sender sender, String emailUrl, CompiledMail change) {
  }

  /**
   * The help desk's correction: the account's new address gets its link (or the "in use" notice) at once.
   *
   * @param newEmail normalised and valid
   * @return 0, 124 (no link URL), 187 (no template), or 131 for no such account
   */
  public Future<Result> sendFor(String userId, String newEmail) {
    return accounts.findById(pool, userId)
      .compose(account -> account.isEmpty() ? Future.succeededFuture(Result.of(StatusCode.CREATE_MISSING_FIELD))
        : prepare(account.get(), refusal -> refusal, mails -> send(newEmail, account.get(), mails)))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }

  /**
   * 124 and 187 come first: they depend on the account's application alone, and cost nothing else (no bcrypt run).
   *
   * @param refused the caller's answer for either
   * @param then what the caller does with the mails found (checks a password, then {@link #send})
   */
  <T> Future<T> prepare(Account account, Function<Result, T> refused, Function<Mails, Future<T>> then) {
    Future<Optional<String>> url = account.applicationId().isEmpty() ? Future.succeededFuture(Optional.empty())
      : applications.byId(account.applicationId().get())
        .map(application -> application.flatMap(found -> found.urls().emailUrl()));
    return url.map(own -> LinkUrls.choose(own, publicUrl, "email")).compose(emailUrl -> {
      if (emailUrl.isEmpty()) {
        return Future.succeededFuture(refused.apply(Result.of(StatusCode.LINK_URL_MISCONFIGURED)));
      }
      return mail.senderOf(account).compose(sender -> mail.template(sender, MailKind.EMAIL_CHANGE, account.language())
        .compose(change -> mail.template(sender, MailKind.EMAIL_IN_USE, account.language())
          .compose(inUse -> change.isEmpty() || inUse.isEmpty()
            ? Future.succeededFuture(refused.apply(Result.of(StatusCode.TEMPLATE_MISSING)))
            : then.apply(new Mails(sender, emailUrl.get(), change.get())))));
    });
  }

  /** The change allowed: its link, or the notice, queued in one transaction and sent now. */
  Future<Result> send(String newEmail, Account account, Mails mails) {
    return pool.withTransaction(tx -> queue(tx, newEmail, account, mails)).map(sent -> {
      if (sent) {
        mail.nudge();
      }
      return Result.success();
    });
  }

  /** @return whether a mail was queued (none when the new address is the current one) */
  private Future<Boolean> queue(SqlClient tx, String newEmail, Account account, Mails mails) {
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
