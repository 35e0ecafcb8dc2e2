package io.lanyard.model.audit;

/**
 * Where operations report security events. Recording never waits for the database and never fails a request: the service's
 * trail queues the event and writes it within a second ({@link AuditBuffer}).
 */
@FunctionalInterface
public interface AuditTrail {

  /** Records nothing: for the parts of the CLI that have no trail to write to. */
  AuditTrail NONE = event -> { };

  void record(AuditEvent event);
}
