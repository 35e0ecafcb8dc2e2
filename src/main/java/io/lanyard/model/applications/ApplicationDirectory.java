package io.lanyard.model.applications;

import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Application tokens → applications, in memory: no database round trip per request. The copy follows CLI changes on every
 * instance (NOTIFY), so a disabled or revoked token stops working everywhere within a second.
 */
public final class ApplicationDirectory {

  /**
   * The application a token identifies, or why the token is refused (149 unknown or revoked, 140 disabled or expired); a
   * refused token's application is kept when there is one (140, 181), for the audit trail.
   */
  public record Admission(Application application, StatusCode refusal) {

    static Admission admitted(Application application) {
      return new Admission(application, null);
    }

    static Admission refused(StatusCode refusal) {
      return new Admission(null, refusal);
    }

    static Admission refused(Application application, StatusCode refusal) {
      return new Admission(application, refusal);
    }

    public boolean isAdmitted() {
      return refusal == null;
    }

    /** The audit trail's record of this refusal: the application when known, the code as the detail. */
    public AuditEvent refusalEvent(RequestOrigin origin) {
      return tokenRefused(origin, application, refusal);
    }
  }

  /** An application-token refusal for the audit trail. */
  public static AuditEvent tokenRefused(RequestOrigin origin, Application application, StatusCode refusal) {
    return AuditEvent.of(AuditKind.APP_TOKEN_REFUSED, origin)
      .withApplication(application == null ? null : application.id())
      .withDetail(Integer.toString(refusal.code()));
  }

  private final LiveCopy<Map<String, Application>> byTokenHash;

  public ApplicationDirectory(LiveCopy<Map<String, Application>> byTokenHash) {
    this.byTokenHash = byTokenHash;
  }

  /** The loader of the live copy. */
  public static Future<Map<String, Application>> load(ApplicationRepository repository, SqlClient client) {
    return repository.listAll(client).map(all -> {
      Map<String, Application> index = new HashMap<>();
      all.forEach(stored -> index.put(stored.tokenHashHex(), stored.application()));
      return Map.copyOf(index);
    });
  }

  public Future<Admission> admit(String token) {
    String hash = SecretTokens.sha256Hex(token);
    return byTokenHash.get().map(index -> {
      Application application = index.get(hash);
      if (application == null || application.isRevoked()) {
        return Admission.refused(StatusCode.APPLICATION_UNKNOWN);
      }
      if (!application.isActive(Instant.now())) {
        return Admission.refused(application, StatusCode.APPLICATION_MISCONFIGURED);
      }
      return Admission.admitted(application);
    });
  }

  /** The application of that id, whatever its state (the one an account was created through, for its mail). */
  public Future<Optional<Application>> byId(String applicationId) {
    return byTokenHash.get().map(index -> index.values().stream().filter(app -> app.id().equals(applicationId)).findFirst());
  }

  /** Admission for creating users: also needs {@code canCreateUsers} (else 181). */
  public Future<Admission> admitForCreation(String token) {
    return admit(token).map(admission -> admission.isAdmitted() && !admission.application().canCreateUsers()
      ? Admission.refused(admission.application(), StatusCode.APPLICATION_NOT_AUTHORIZED)
      : admission);
  }
}
