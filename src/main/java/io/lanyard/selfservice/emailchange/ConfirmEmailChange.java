package io.lanyard.selfservice.emailchange;

import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.platform.db.SqlStates;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.mail.MailKind;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.Map;
import java.util.Optional;

/**
 * POST /_plugin/{P}/user/confirmEmailChange {token}: 0 with {@code data._id} | 191 link unknown, used or expired | 143 the
 * address was taken meanwhile (nothing changes, the link stays unused) | internal 1. The account's address becomes the new
 * one, the old address gets an {@code email_changed} notice; sessions stay open (tokens name the account, not the address).
 */
public final class ConfirmEmailChange {

  private static final String EMAIL_KEY = "users_email_key";

  private final Pool pool;
  private final EmailChangeRepository changes;
  private final AccountRepository accounts;
  private final UserRepository users;
  private final AccountMail mail;
  private final UserEvents events;
  private final AuditTrail audit;

  public ConfirmEmailChange(Pool pool, EmailChangeRepository changes, AccountRepository accounts, UserRepository users,
                            AccountMail mail, UserEvents events, AuditTrail audit) {
    this.pool = pool;
    this.changes = changes;
    this.accounts = accounts;
    this.users = users;
    this.mail = mail;
    this.events = events;
    this.audit = audit;
  }

  public Future<Result> handle(ConfirmEmailChangeRequest request) {
    Optional<String> token = request.plausibleToken();
    if (token.isEmpty()) {
      return Future.succeededFuture(Result.of(StatusCode.LINK_TOKEN_INVALID));
    }
    byte[] tokenHash = SecretTokens.sha256(token.get());
    return pool.withTransaction(tx -> changes.use(tx, tokenHash).compose(change -> change.isEmpty()
        ? Future.succeededFuture(Result.of(StatusCode.LINK_TOKEN_INVALID))
        : move(tx, change.get())))
      .map(result -> {
        if (result.status() == StatusCode.SUCCESS) {
          mail.nudge();
          audit.record(AuditEvent.of(AuditKind.EMAIL_CHANGED, request.origin()).withUser(result.data().getString("_id")));
        }
        return result;
      })
      .recover(failure -> failure instanceof AddressTaken
        ? Future.succeededFuture(Result.of(StatusCode.EMAIL_ALREADY_EXISTS))
        : Future.failedFuture(failure))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }

  private Future<Result> move(SqlClient tx, EmailChangeRepository.Change change) {
    return accounts.lockById(tx, change.userId()).compose(before -> users.changeEmail(tx, change.userId(), change.newEmail())
      .recover(failure -> isAddressTaken(failure) ? Future.failedFuture(new AddressTaken()) : Future.failedFuture(failure))
      .compose(moved -> events.record(tx, UserEvent.emailChanged(change.userId())))
      .compose(recorded -> mail.senderOf(before.orElseThrow()))
      .compose(sender -> mail.notice(tx, sender, before.get(), MailKind.EMAIL_CHANGED, Map.of("newEmail", change.newEmail()),
        true))
      .map(queued -> Result.success(new JsonObject().put("_id", change.userId()))));
  }

  private static boolean isAddressTaken(Throwable failure) {
    return failure instanceof PgException pg && SqlStates.UNIQUE_VIOLATION.equals(pg.getSqlState())
      && EMAIL_KEY.equals(pg.getConstraint());
  }

  /** Rolls the transaction back (the link stays unused) when another account took the address meanwhile. */
  private static final class AddressTaken extends RuntimeException {

    AddressTaken() {
      super("address taken meanwhile", null, false, false);
    }
  }
}
