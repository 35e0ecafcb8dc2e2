package io.lanyard.helpdesk;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * Everything stored about an account's owner, as {@code exportData} gives it to them ({@code users export}, the console's
 * JSON download): never a hash, a token or a mail's body. The file holds personal data, so who took it is recorded.
 */
public final class ExportAccount {

  /** The self-service export, handed in by the bootstrap (feature wings do not import each other). */
  @FunctionalInterface
  public interface Exporter {
    Future<Optional<JsonObject>> of(String userId);
  }

  private final Exporter exporter;
  private final AuditTrail audit;

  public ExportAccount(Exporter exporter, AuditTrail audit) {
    this.exporter = exporter;
    this.audit = audit;
  }

  /** @return the export, or empty when there is no such account (or it is erased) */
  public Future<Optional<JsonObject>> handle(String userId, String actor, RequestOrigin origin) {
    return exporter.of(userId).onSuccess(export -> export.ifPresent(found ->
      audit.record(AuditEvent.of(AuditKind.ACCOUNT_EXPORTED, origin).withUser(userId).withDetail("by " + actor))));
  }
}
