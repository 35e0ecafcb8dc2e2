package io.lanyard.services.metrics;

import io.lanyard.model.accounts.SyntheticAddresses;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.Result;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Counts what operations answer, where their answers become replies (the route table), so no operation carries metrics code:
 * plugin results by operation and {@code statusCode}, and logins by outcome. Each count says whether it concerns a synthetic
 * account of a load test ({@code synthetic="true"}): the request names a synthetic address (its {@code username} or
 * {@code email}), or the operation found one behind a link; dashboards of the real fair filter on {@code synthetic="false"}.
 */
public final class Outcomes {

  private static final String RESULTS = "lanyard.operation.results";
  private static final String LOGINS = "lanyard.logins";
  private static final String THROTTLED = "lanyard.requests.throttled";
  private static final String WRONG_CREDENTIALS = "security.credentials.invalid";

  private final MeterRegistry registry;
  private final SyntheticAddresses synthetic;
  private final boolean counting;
  // The meters of this service have a handful of tag combinations: remembered, so counting costs a map lookup.
  private final ConcurrentMap<String, Counter> counters = new ConcurrentHashMap<>();
  // Results are counted on every plugin request (the token reads among them): keyed without building a string.
  private final ConcurrentMap<ResultKey, Counter> results = new ConcurrentHashMap<>();

  private record ResultKey(String operation, int statusCode, boolean synthetic) {
  }

  /** @param synthetic the addresses of load tests' synthetic accounts */
  public Outcomes(MeterRegistry registry, SyntheticAddresses synthetic) {
    this(registry, synthetic, true);
  }

  private Outcomes(MeterRegistry registry, SyntheticAddresses synthetic, boolean counting) {
    this.registry = registry;
    this.synthetic = synthetic;
    this.counting = counting;
  }

  /** Counts nothing, at no cost per request: metrics disabled. */
  public static Outcomes none() {
    return new Outcomes(new CompositeMeterRegistry(), SyntheticAddresses.none(), false);
  }

  /** A plugin operation's business result (docs/decisions.md §4) for {@code request}, returned as its reply. */
  public Reply count(String operation, ApiRequest request, Result result) {
    if (!counting) {
      return Reply.of(result);
    }
    count(operation, result.status().code(), result.aboutSyntheticAccount() || namesSynthetic(request));
    return Reply.of(result);
  }

  private void count(String operation, int statusCode, boolean aboutSynthetic) {
    ResultKey key = new ResultKey(operation, statusCode, aboutSynthetic);
    Counter counter = results.get(key);
    if (counter == null) {
      counter = results.computeIfAbsent(key, this::resultCounter);
    }
    counter.increment();
  }

  private Counter resultCounter(ResultKey key) {
    return Counter.builder(RESULTS)
      .description("Business results of plugin operations, by operation and result.statusCode")
      .tag("operation", key.operation())
      .tag("statusCode", Integer.toString(key.statusCode()))
      .tag("synthetic", Boolean.toString(key.synthetic()))
      .register(registry);
  }

  /**
   * A plugin operation that may also answer an envelope-level error (the lockout's 429): its business results are counted as
   * {@link #count} counts them; an error is left to the HTTP series.
   */
  public Reply countReply(String operation, ApiRequest request, Reply reply) {
    if (counting && reply.error() == null && reply.result() != null && reply.result().getValue("statusCode") instanceof Integer code) {
      count(operation, code, namesSynthetic(request));
    }
    return reply;
  }

  /** A login's reply: a success, or a failure named by its error id (wrong or missing credentials, bad argument). */
  public Reply countLogin(ApiRequest request, Reply reply) {
    if (!counting) {
      return reply;
    }
    if (reply.throttled() != null) {
      return reply; // refused before any check: counted among the throttled requests
    }
    boolean success = reply.error() == null;
    countLogin(success ? "none" : reply.error().id(), namesSynthetic(request));
    return reply;
  }

  /**
   * A sign-in on the hosted login page (a password or a passkey), not refused by the lockout: counted with the API's logins, a
   * refusal under the API's error id for wrong credentials.
   */
  public void countPageLogin(String typedAddress, boolean success) {
    if (counting) {
      countLogin(success ? "none" : WRONG_CREDENTIALS, synthetic.matches(typedAddress));
    }
  }

  private void countLogin(String reason, boolean aboutSynthetic) {
    boolean success = "none".equals(reason);
    String synthetic = Boolean.toString(aboutSynthetic);
    counters.computeIfAbsent(LOGINS + ' ' + reason + ' ' + synthetic, key -> Counter.builder(LOGINS)
        .description("Login attempts, by outcome and, for failures, the error id")
        .tag("outcome", success ? "success" : "failure")
        .tag("reason", reason)
        .tag("synthetic", synthetic)
        .register(registry))
      .increment();
  }

  /** A request a limit of docs/decisions.md §7 refused (a 429), by operation and the limit; any other reply is not counted here. */
  public void countThrottled(String operation, Reply reply) {
    if (!counting || reply.throttled() == null) {
      return;
    }
    String reason = reply.throttled().wireName();
    counters.computeIfAbsent(THROTTLED + ' ' + operation + ' ' + reason, key -> Counter.builder(THROTTLED)
        .description("Requests refused with 429 by a limit (lockout, source_rate, refresh_rate), by operation")
        .tag("operation", operation)
        .tag("reason", reason)
        .register(registry))
      .increment();
  }

  /** Whether the account a request names by address (login's {@code username}, the others' {@code email}) is synthetic. */
  private boolean namesSynthetic(ApiRequest request) {
    Object named = request.body().getValue("email");
    if (named == null) {
      named = request.body().getValue("username");
    }
    return named instanceof String address && synthetic.matches(address);
  }
}
