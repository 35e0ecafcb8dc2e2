package io.lanyard.services.captcha;

import io.lanyard.platform.support.OutcomeCounters;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.api.FieldProblem;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.Version;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.Secret;
import io.lanyard.platform.support.AddressRanges;
import io.lanyard.platform.support.FailureLog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.ext.web.codec.BodyCodec;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * The CAPTCHA of docs/decisions.md §7, verified server-side with the provider's siteverify API (Turnstile, hCaptcha and
 * reCAPTCHA share it): a form-encoded POST of {@code secret}, {@code response} (the client's token) and {@code remoteip}
 * (the request's source), and the JSON answer's {@code success}. A missing token is 131, a token the provider refuses 190,
 * both naming {@code captchaToken}; a provider that cannot be reached, does not answer within {@code captcha.timeout}, answers
 * anything but its siteverify reply, or says our own secret is wrong fails the future ({@link CaptchaUnavailable}): the route's
 * internal code, and nothing written. Neither the token nor the secret ever reaches a log line.
 */
public final class SiteVerify implements Captcha {

  static final String FIELD = "captchaToken";
  /** Providers' tokens are a few hundred to a few thousand characters; anything longer is no answer of theirs. */
  static final int MAX_TOKEN_LENGTH = 8192;
  private static final String METRIC = "lanyard.captcha.checks";
  private static final Pattern HOSTNAME = Pattern.compile("[a-z0-9.-]{1,253}");
  private static final FailureLog foreignHosts = new FailureLog(LoggerFactory.getLogger(SiteVerify.class));
  /**
   * Refusals that are about our request, not the person's answer: a wrong or missing secret, a site key of another
   * account, the provider's own trouble. Answering 190 would blame every person for the operator's mistake.
   */
  private static final Set<String> NOT_THE_ANSWER = Set.of("missing-input-secret", "invalid-input-secret",
    "sitekey-secret-mismatch", "internal-error");

  private final WebClient client;
  private final String provider;
  private final String verifyUrl;
  private final Secret secret;
  private final long timeoutMillis;
  private final Map<String, Counter> outcomes;
  private final Set<String> hostnames;

  public SiteVerify(Vertx vertx, LanyardConfig.Captcha config, MeterRegistry registry) {
    this.provider = config.provider();
    this.verifyUrl = config.verifyUrl();
    this.secret = config.secret().orElseThrow(() -> new IllegalArgumentException("a CAPTCHA provider needs its secret"));
    this.timeoutMillis = config.timeout().toMillis();
    this.hostnames = Set.copyOf(config.hostnames());
    this.client = WebClient.create(vertx, new WebClientOptions()
      .setUserAgent("Lanyard/" + Version.NUMBER)
      .setFollowRedirects(false)
      .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMillis))
      .setKeepAlive(true));
    OutcomeCounters byOutcome = new OutcomeCounters(registry, METRIC,
      "CAPTCHA checks, by outcome (passed, missing, rejected, unavailable: the provider could not say)");
    this.outcomes = Map.of("passed", byOutcome.of("passed"), "missing", byOutcome.of("missing"),
      "rejected", byOutcome.of("rejected"), "unavailable", byOutcome.of("unavailable"));
  }

  @Override
  public Future<Optional<Result>> check(Object captchaToken, String source) {
    if (captchaToken == null || captchaToken instanceof String text && text.isBlank()) {
      return counted("missing", Result.refused(StatusCode.CREATE_MISSING_FIELD, List.of(FieldProblem.missing(FIELD))));
    }
    if (!(captchaToken instanceof String token)) {
      return counted("rejected", invalid("not_a_string"));
    }
    if (token.length() > MAX_TOKEN_LENGTH || RequestFields.hasNul(token)) {
      return counted("rejected", invalid("rejected"));
    }
    Future<HttpResponse<Buffer>> answer;
    try {
      answer = client.postAbs(verifyUrl)
        .connectTimeout(timeoutMillis)
        .idleTimeout(timeoutMillis)
        .as(BodyCodec.buffer())
        .sendForm(form(token, source));
    } catch (RuntimeException e) {
      answer = Future.failedFuture(e);
    }
    // the whole exchange is bounded, not only each silence: a provider trickling bytes cannot hold the request
    return answer.timeout(timeoutMillis, TimeUnit.MILLISECONDS)
      .transform(done -> done.succeeded() ? verdict(done.result()) : unavailable(failure(done.cause())));
  }

  /** What went wrong, as the log line says it: the exchange's own failures name no token and no secret. */
  private String failure(Throwable cause) {
    if (cause instanceof TimeoutException) {
      return "gave no answer within " + timeoutMillis + " ms (captcha.timeout)";
    }
    return "could not be reached (" + cause.getClass().getSimpleName() + ": " + cause.getMessage() + ")";
  }

  private MultiMap form(String token, String source) {
    MultiMap form = MultiMap.caseInsensitiveMultiMap().add("secret", secret.reveal()).add("response", token);
    // only an address: a source the HTTP layer could not read ("unknown") is not sent as one
    if (source != null && AddressRanges.literal(source).isPresent()) {
      form.add("remoteip", source);
    }
    return form;
  }

  private Future<Optional<Result>> verdict(HttpResponse<Buffer> response) {
    if (response.statusCode() != 200) {
      return unavailable("answered HTTP " + response.statusCode());
    }
    JsonObject reply;
    try {
      reply = response.body() == null ? null : new JsonObject(response.body());
    } catch (RuntimeException notJson) {
      reply = null;
    }
    if (reply == null || !(reply.getValue("success") instanceof Boolean success)) {
      return unavailable("answered something other than a siteverify reply");
    }
    if (success && !solvedHere(reply)) {
      return counted("rejected", invalid("rejected"));
    }
    if (success) {
      return counted("passed", null);
    }
    Optional<String> ourFault = errorCodes(reply).stream().filter(NOT_THE_ANSWER::contains).findFirst();
    if (ourFault.isPresent()) {
      return unavailable("refused the request itself (" + ourFault.get() + "): check LANYARD_CAPTCHA_SECRET and the site key");
    }
    return counted("rejected", invalid("rejected"));
  }

  /**
   * {@code captcha.hostnames}: the answer was solved on one of the deployment's pages, as the provider's {@code hostname}
   * says. A site key is public, so without this check an answer solved on a page of the attacker's (where a person solving
   * it never meant to ask us for anything) passes too.
   */
  private boolean solvedHere(JsonObject reply) {
    if (hostnames.isEmpty()) {
      return true;
    }
    String hostname = reply.getValue("hostname") instanceof String name ? name.toLowerCase(Locale.ROOT) : "";
    if (hostnames.contains(hostname)) {
      return true;
    }
    foreignHosts.warn("hostname", "A CAPTCHA answer solved on "
      + (HOSTNAME.matcher(hostname).matches() ? "host " + hostname : "no host name given")
      + ", not one of captcha.hostnames, was refused");
    return false;
  }

  private static List<String> errorCodes(JsonObject reply) {
    return reply.getValue("error-codes") instanceof JsonArray codes
      ? codes.stream().filter(String.class::isInstance).map(String.class::cast).toList()
      : List.of();
  }

  private static Result invalid(String reason) {
    return Result.refused(StatusCode.INVALID_FIELD, List.of(new FieldProblem(FIELD, reason)));
  }

  /** @param refusal null when the request may go on */
  private Future<Optional<Result>> counted(String outcome, Result refusal) {
    outcomes.get(outcome).increment();
    return Future.succeededFuture(Optional.ofNullable(refusal));
  }

  private Future<Optional<Result>> unavailable(String what) {
    outcomes.get("unavailable").increment();
    return Future.failedFuture(new CaptchaUnavailable("The CAPTCHA provider (" + provider + ") " + what));
  }
}
