package io.lanyard.selfservice.privacy;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.audit.AuditRepository;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.session.SessionCutoff;
import io.lanyard.services.session.Sessions;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.Map;
import java.util.Optional;

/**
 * Erases an account (the right to erasure), for its owner and for operators alike, in one transaction: mail not sent yet is
 * dropped and sent mail keeps no address or subject; its links go; the account row keeps its id and nothing personal, so its
 * address can register again; every token it holds is refused on every instance; its lockout is forgotten; its audit events
 * keep what happened and when, no longer the address or the user agent; the {@code user.deleted} webhook is queued (its id
 * only); and a last {@code account_deleted} notice goes to the address, linked to nothing.
 */
public final class AccountErasure {

  private final Pool pool;
  private final AccountRepository accounts;
  private final Sessions sessions;
  private final LoginFailures failures;
  private final AccountMail mail;
  private final UserEvents events;
  private final AuditRepository audit = new AuditRepository();
  private final PersonalData data = new PersonalData();

  public AccountErasure(Pool pool, AccountRepository accounts, Sessions sessions, LoginFailures failures, AccountMail mail,
                        UserEvents events) {
    this.pool = pool;
    this.accounts = accounts;
    this.sessions = sessions;
    this.failures = failures;
    this.mail = mail;
    this.events = events;
  }

  /** @return whether there was an account to erase */
  public Future<Boolean> erase(String userId) {
    return pool.withTransaction(tx -> accounts.lockById(tx, userId).compose(found -> found.isEmpty()
        || found.get().status() == UserStatus.DELETED
        ? Future.succeededFuture(Optional.<SessionCutoff>empty())
        : erase(tx, found.get()).map(Optional::of)))
      .map(cutoff -> {
        cutoff.ifPresent(done -> {
          sessions.remember(done);
          mail.nudge();
        });
        return cutoff.isPresent();
      });
  }

  private Future<SessionCutoff> erase(SqlClient tx, Account account) {
    // the notice is rendered from the account as it was, and queued after the unsent mail is dropped
    // the event first: once erased, the account no longer says which application created it
    return events.record(tx, UserEvent.deleted(account.id(), account.applicationId().orElse(null)))
      .compose(recorded -> audit.forget(tx, account.id(), account.email()))
      .compose(forgotten -> mail.senderOf(account))
      .compose(sender -> data.erase(tx, account.id())
        .compose(erased -> failures.clear(tx, account.email()))
        .compose(cleared -> mail.notice(tx, sender, account, MailKind.ACCOUNT_DELETED, Map.of(), false)))
      .compose(queued -> sessions.endAllIn(tx, account.id(), System.currentTimeMillis(), Optional.empty()));
  }
}
