package io.lanyard.helpdesk;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;

import java.util.Optional;

/**
 * Sends an account the link it needs, as {@code requestPasswordReset} (and {@code users send-reset}) does: a pending account
 * its account link again, an active one a password-reset link; for the application the account was created through, whose
 * reset URL and templates the mail uses. The mail limits apply as to any request. Recorded in the audit trail with who did it.
 */
public record SendAccountLink(LinkSender sender, ApplicationDirectory applications, AuditTrail audit) {

  /** The self-service operation that queues the link, handed in by the bootstrap (feature wings do not import each other). */
  @FunctionalInterface
  public interface LinkSender {
    Future<Result> sendFor(Application application, String email, Optional<String> language);
  }

  public enum Outcome { QUEUED, NO_APPLICATION, NOT_SENT }



  /** @param applicationId the application the account came from: without one, there is no link URL or template to use */
  public Future<Outcome> handle(String userId, String email, Optional<String> applicationId, String actor, RequestOrigin origin) {
    if (applicationId.isEmpty()) {
      return Future.succeededFuture(Outcome.NO_APPLICATION);
    }
    return applications.byId(applicationId.get()).compose(application -> application.isEmpty()
      ? Future.succeededFuture(Outcome.NO_APPLICATION)
      : sender.sendFor(application.get(), email, Optional.empty()).map(result -> {
        if (result.status() != StatusCode.SUCCESS) {
          return Outcome.NOT_SENT;
        }
        audit.record(AuditEvent.of(AuditKind.PASSWORD_RESET_REQUESTED, origin).withUser(userId).withIdentifier(email)
          .withApplication(application.get().id()).withDetail("by " + actor));
        return Outcome.QUEUED;
      }));
  }
}
