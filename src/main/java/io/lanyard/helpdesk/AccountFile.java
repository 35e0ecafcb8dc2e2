package io.lanyard.helpdesk;

import io.lanyard.model.accounts.LockState;
import io.vertx.core.json.JsonObject;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the help desk sees of one account: never a hash, a token or a mail's body.
 *
 * @param applicationName the application the account was created through, if any
 * @param apiSessions the API tokens still open (issued, expiring), OpenID Connect access tokens among them
 * @param ssoSessions the browsers signed in to the provider (signed in, last used, ends)
 */
public record AccountFile(String id, String email, String status, Optional<String> language, Optional<String> fromSalon,
                          Optional<String> fromSessionSalon, Optional<String> applicationId,
                          Optional<String> applicationName, JsonObject profile,
                          Instant createdAt, Optional<Instant> emailVerifiedAt, LockState lock, List<Session> apiSessions,
                          List<Session> ssoSessions, List<Consent> consents, List<Mail> mails, List<Event> events) {

  /** @param ends empty when it never expires */
  public record Session(Instant started, Optional<Instant> lastUsed, Optional<Instant> ends) {
  }

  public record Consent(String clientId, String scopes, Instant grantedAt) {
  }

  /**
   * A mail about the account, as the outbox keeps it.
   *
   * @param status {@code pending}, {@code sent}, {@code dead} or {@code suppressed}
   * @param reason the SMTP server's last answer (dead, or pending after a failure), or why it was kept back (suppressed)
   */
  public record Mail(Instant createdAt, String kind, String status, int attempts, Optional<String> reason,
                     Optional<Instant> sentAt) {
  }

  /** An audit event: what, when, from where, and the detail (which names the staff member or operator for their actions). */
  public record Event(Instant occurredAt, String kind, Optional<String> source, Optional<String> detail) {
  }
}
