package io.lanyard.web;

import io.lanyard.model.api.Operation;
import io.lanyard.model.api.TooManyRequests;
import io.lanyard.services.throttling.SourceRates;
import io.vertx.core.Future;

import java.util.Optional;

/**
 * Which operations a per-source rate guards (docs/decisions.md §7), and the check itself, made where requests come in: an API
 * route's before its operation runs, a hosted page's form before the page reads anything. A page that runs an operation
 * spends the budget of that operation's route, from the same bucket, so a source gets no more by switching between the two.
 * Checked at the entrance rather than inside each operation so that a refused request costs a map lookup and nothing else:
 * no database read (the pages look their link up before they run the operation), no body to validate, no hash.
 */
final class SourceLimits {

  private final SourceRates rates;

  SourceLimits(SourceRates rates) {
    this.rates = rates;
  }

  /** The refusal of a request from {@code source} to run {@code action}, when it is over its rate; empty for other actions. */
  Optional<TooManyRequests> refusal(Action action, String source) {
    for (SourceRates.Kind kind : action.sourceRates()) {
      Optional<TooManyRequests> refused = rates.take(kind, source);
      if (refused.isPresent()) {
        return refused;
      }
    }
    return Optional.empty();
  }

  /** {@code operation}, refused first when its source is over the action's rate; itself for an action without one. */
  Operation guard(Action action, Operation operation) {
    if (action.sourceRates().isEmpty()) {
      return operation;
    }
    return request -> {
      Optional<TooManyRequests> refusal = refusal(action, request.source());
      return refusal.isPresent() ? Future.succeededFuture(refusal.get().reply()) : operation.handle(request);
    };
  }
}
