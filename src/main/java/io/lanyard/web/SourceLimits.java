package io.lanyard.web;

import io.lanyard.model.api.Operation;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.services.throttling.SourceRates;
import io.vertx.core.Future;

import java.util.Map;
import java.util.Optional;

import static io.lanyard.services.throttling.SourceRates.Kind.CREDENTIALS;
import static io.lanyard.services.throttling.SourceRates.Kind.MAIL;

/**
 * Which operations a per-source rate guards (docs/decisions.md §7), and the check itself, made where requests come in: an API
 * route's before its operation runs, a hosted page's form before the page reads anything. A page that runs an operation
 * spends the budget of that operation's route, from the same bucket, so a source gets no more by switching between the two.
 * Checked at the entrance rather than inside each operation so that a refused request costs a map lookup and nothing else:
 * no database read (the pages look their link up before they run the operation), no body to validate, no hash.
 */
final class SourceLimits {

  /** By action, as the route table names them. */
  static final Map<String, SourceRates.Kind> RATED = Map.of(
    "login", CREDENTIALS,
    "createUserWithPassword", CREDENTIALS,
    "activateUser", CREDENTIALS,
    "resetPassword", CREDENTIALS,
    "updateMyCredentials", CREDENTIALS,
    "requestEmailChange", CREDENTIALS,
    "deleteAccount", CREDENTIALS,
    "createUser", MAIL,
    "requestPasswordReset", MAIL);

  private final SourceRates rates;

  SourceLimits(SourceRates rates) {
    this.rates = rates;
  }

  /**
   * Actions that also send a mail to an address the caller types, beyond the rate {@link #RATED} names: they spend the mail
   * rate too, so that a source gets no more mail out of them than out of {@code create}.
   */
  static final Map<String, SourceRates.Kind> ALSO_RATED = Map.of("requestEmailChange", MAIL);

  /** The refusal of a request from {@code source} to run {@code action}, when it is over its rate; empty for other actions. */
  Optional<TooManyRequests> refusal(String action, String source) {
    SourceRates.Kind kind = RATED.get(action);
    if (kind == null) {
      return Optional.empty();
    }
    Optional<TooManyRequests> refused = rates.take(kind, source);
    SourceRates.Kind also = ALSO_RATED.get(action);
    return refused.isPresent() || also == null ? refused : rates.take(also, source);
  }

  /** {@code operation}, refused first when its source is over the action's rate; itself for an action without one. */
  Operation guard(String action, Operation operation) {
    if (!RATED.containsKey(action)) {
      return operation;
    }
    return request -> {
      Optional<TooManyRequests> refusal = refusal(action, request.source());
      return refusal.isPresent() ? Future.failedFuture(refusal.get()) : operation.handle(request);
    };
  }
}
