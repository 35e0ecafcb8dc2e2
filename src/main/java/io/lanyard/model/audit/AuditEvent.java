package io.lanyard.model.audit;

import io.lanyard.model.api.RequestOrigin;

import java.time.Instant;

/**
 * One security event: what happened, when, to which account (when there is one), and where the request came from. Built
 * with {@link #of} and the {@code with…} methods; every part but the kind, time and origin may be null.
 *
 * @param identifier the e-mail address a request named (a login's username, normalised), whether or not an account has it
 * @param detail a short reason ({@code wrong_password}, {@code 149}, ...), never a secret
 */
public record AuditEvent(Instant occurredAt, AuditKind kind, RequestOrigin origin, String userId, String identifier,
                         String applicationId, String detail) {

  /** Longest identifier and detail kept (an e-mail address is at most 254 characters). */
  static final int MAX_TEXT = 254;

  public static AuditEvent of(AuditKind kind, RequestOrigin origin) {
    return new AuditEvent(Instant.now(), kind, origin, null, null, null, null);
  }

  public AuditEvent withUser(String id) {
    return new AuditEvent(occurredAt, kind, origin, id, identifier, applicationId, detail);
  }

  public AuditEvent withIdentifier(String email) {
    return new AuditEvent(occurredAt, kind, origin, userId, bounded(email), applicationId, detail);
  }

  public AuditEvent withApplication(String id) {
    return new AuditEvent(occurredAt, kind, origin, userId, identifier, id, detail);
  }

  public AuditEvent withDetail(String reason) {
    return new AuditEvent(occurredAt, kind, origin, userId, identifier, applicationId, bounded(reason));
  }

  /** At most {@link #MAX_TEXT} characters, and no NUL (which PostgreSQL text cannot hold: one would fail its whole batch). */
  static String bounded(String text) {
    if (text == null) {
      return null;
    }
    String clean = text.indexOf('\0') < 0 ? text : text.replace("\0", "");
    return clean.length() <= MAX_TEXT ? clean : clean.substring(0, MAX_TEXT);
  }
}
