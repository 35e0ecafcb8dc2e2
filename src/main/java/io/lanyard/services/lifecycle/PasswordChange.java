package io.lanyard.services.lifecycle;

import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.session.SessionCutoff;
import io.lanyard.services.session.Sessions;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.Map;
import java.util.Optional;

/**
 * What follows every new password, however it was set (a reset link, its owner, an operator), in the transaction that set it:
 * the sessions opened before end (all of them, or all but the one that asked), the lockout of the address is lifted, a
 * {@code password_changed} notice is queued, and so is the {@code user.password_changed} webhook. Once the transaction committed, {@link #committed} applies the cut-off here at
 * once and sends the notice.
 */
public record PasswordChange(AccountRepository accounts, Sessions sessions, LoginFailures failures, AccountMail mail,
                        UserEvents events) {

  /**
   * @param keptTokenId the token that stays valid (the caller's, when the owner changed the password), or empty
   * @return the cut-off to hand to {@link #committed} after the commit
   */
  public Future<SessionCutoff> follow(SqlClient tx, String userId, Optional<String> keptTokenId) {
    return accounts.findById(tx, userId).compose(found -> {
      if (found.isEmpty()) {
        return Future.failedFuture(new IllegalStateException("the account whose password changed is gone"));
      }
      return failures.clear(tx, found.get().email())
        .compose(cleared -> mail.senderOf(found.get()))
        .compose(sender -> mail.notice(tx, sender, found.get(), MailKind.PASSWORD_CHANGED, Map.of(), true))
        // stamped last, as close to the commit as can be: every token issued before it is refused
        .compose(queued -> events.record(tx, UserEvent.passwordChanged(userId)))
        .compose(recorded -> sessions.endAllIn(tx, userId, System.currentTimeMillis(), keptTokenId));
    });
  }

  public void committed(SessionCutoff cutoff) {
    sessions.remember(cutoff);
    mail.nudge();
  }
}
