package io.lanyard.metrics;

import io.lanyard.api.Reply;
import io.lanyard.api.Result;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Counts what operations answer, where their answers become replies (the route table), so no operation carries metrics code:
 * plugin results by operation and {@code statusCode}, and logins by outcome.
 */
public final class Outcomes {

  private static final String RESULTS = "lanyard.operation.results";
  private static final String LOGINS = "lanyard.logins";

  private final MeterRegistry registry;
  private final boolean counting;
  // The meters of this service have a handful of tag combinations: remembered, so counting costs a map lookup.
  private final ConcurrentMap<String, Counter> counters = new ConcurrentHashMap<>();

  public Outcomes(MeterRegistry registry) {
    this(registry, true);
  }

  private Outcomes(MeterRegistry registry, boolean counting) {
    this.registry = registry;
    this.counting = counting;
  }

  /** Counts nothing, at no cost per request: metrics disabled. */
  public static Outcomes none() {
    return new Outcomes(new CompositeMeterRegistry(), false);
  }

  /** A plugin operation's business result (DECISIONS.md §4), returned as its reply. */
  public Reply count(String operation, Result result) {
    count(operation, result.status().code());
    return Reply.of(result);
  }

  private void count(String operation, int statusCode) {
    if (!counting) {
      return;
    }
    String code = Integer.toString(statusCode);
    counters.computeIfAbsent(RESULTS + ' ' + operation + ' ' + code, key -> Counter.builder(RESULTS)
        .description("Business results of plugin operations, by operation and result.statusCode")
        .tag("operation", operation)
        .tag("statusCode", code)
        .register(registry))
      .increment();
  }

  /**
   * A plugin operation that may also answer an envelope-level error (the lockout's 429): its business results are counted as
   * {@link #count} counts them; an error is left to the HTTP series.
   */
  public Reply countReply(String operation, Reply reply) {
    if (reply.error() == null && reply.result() != null && reply.result().getValue("statusCode") instanceof Integer code) {
      count(operation, code);
    }
    return reply;
  }

  /** A login's reply: a success, or a failure named by its error id (wrong or missing credentials, bad argument). */
  public Reply countLogin(Reply reply) {
    if (!counting) {
      return reply;
    }
    boolean success = reply.error() == null;
    String reason = success ? "none" : reply.error().id();
    counters.computeIfAbsent(LOGINS + ' ' + reason, key -> Counter.builder(LOGINS)
        .description("Login attempts, by outcome and, for failures, the error id")
        .tag("outcome", success ? "success" : "failure")
        .tag("reason", reason)
        .register(registry))
      .increment();
    return reply;
  }
}
