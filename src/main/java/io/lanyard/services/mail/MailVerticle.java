package io.lanyard.services.mail;

import io.lanyard.platform.support.OutcomeCounters;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.Topics;
import io.lanyard.platform.support.FailureLog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.ext.mail.SMTPException;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Drains the outbox: woken by a nudge after a commit, and by a timer as a fallback (mail of other instances, retries, mail
 * left by a crash). A batch is claimed in one short commit for {@link #CLAIM_LEASE}; each mail's lease grows to outlast its
 * send when it is handed to SMTP, and its outcome is recorded right after its own SMTP reply: a crash mid-batch sends the mail
 * never handed over from another instance within the short claim, and re-sends the mail SMTP had not answered only once its
 * long lease runs out (docs/decisions.md, consistency between instances). A 5xx is final at once;
 * a temporary failure is retried with a backoff capped at {@code mail.retryMaxDelay}, until the mail's first attempt is older
 * than {@code mail.maxAge}. While the server fails ({@link SmtpCircuit}), one mail at a time probes it, and when one goes through,
 * every mail waiting out a backoff goes at once. Under {@code mail.maxSendRate} no more is leased than the deployment's send
 * budget allows ({@link DeliveryClaims}); mail past it waits, pending, and is fetched when the budget has room again. While
 * the instance's API requests wait for database connections, delivery lets them go first, for a while
 * ({@code mail.yieldToRequests}).
 */
public final class MailVerticle extends VerticleBase {

  private static final Logger log = LoggerFactory.getLogger(MailVerticle.class);
  private static final FailureLog failures = new FailureLog(log);
  private static final int MAX_ERROR_LENGTH = 500;
  /**
   * How long claimed mail stays this instance's before it is handed to SMTP: after a crash, what it had not handed over goes
   * to another instance within this and a poll.
   */
  static final Duration CLAIM_LEASE = Duration.ofSeconds(20);
  /** At stop, how long the mail in flight may take to get its answer recorded; mail still unanswered then keeps its lease. */
  private static final long STOP_WAIT_MS = 5000;
  /** While delivery lets requests go first, how often it looks whether they still wait. */
  private static final long YIELD_RECHECK_MS = 100;

  private final Pool pool;
  private final OutboxRepository outbox;
  private final DeliveryClaims claims;
  /** Empty under {@code mail.mode=drop}: nothing is delivered, mail queued earlier included. */
  private final Optional<MailTransport> transport;
  private final LanyardConfig.Mail config;
  /** How long a mail handed to SMTP stays leased: its send's deadline, twice. */
  private final Duration lease;
  private final int sendsAtOnce;
  /** This instance's delivery, as the holder of the leases it claims. */
  private final UUID holder = UUID.randomUUID();
  private final SmtpCircuit circuit = new SmtpCircuit();
  private final Counter sentCount;
  private final Counter retryCount;
  private final Counter deadCount;
  private final Counter deferrals;
  private final Counter yields;
  private final BooleanSupplier requestsWait;
  private boolean draining;
  /** The timer of a drain waiting for the send budget ({@code mail.maxSendRate}), or -1. */
  private long budgetTimer = -1;
  private boolean drainAgain;
  /** Since when (System.nanoTime) delivery has let requests go first, or -1: not since the outbox was last caught up. */
  private long yieldingSince = -1;
  /** The timer of the next look at whether requests still wait, or -1. */
  private long yieldTimer = -1;
  // Set when stop begins: the pool closes soon after, so a drain still in flight then fails by design, not by accident.
  private volatile boolean stopping;
  private Future<Boolean> current = Future.succeededFuture(false);

  /**
   * @param pool the background pool: delivery never holds a connection a request waits for
   * @param requestsWait whether the instance's API requests wait for database connections now
   */
  public MailVerticle(Pool pool, OutboxRepository outbox, Optional<MailTransport> transport, LanyardConfig.Mail config,
                      BooleanSupplier requestsWait, MeterRegistry registry) {
    this.pool = pool;
    this.requestsWait = requestsWait;
    this.outbox = outbox;
    this.transport = transport;
    this.config = config;
    // a mail handed to SMTP is bounded by the transport's deadline; the margin covers the recording
    this.lease = transport.map(MailTransport::deadline).orElse(Duration.ZERO).multipliedBy(2);
    this.sendsAtOnce = transport.map(MailTransport::sendsAtOnce).orElse(1);
    this.claims = new DeliveryClaims(pool, outbox, CLAIM_LEASE, holder, config.maxSendRate().map(SendBudget::new));
    OutcomeCounters byOutcome = new OutcomeCounters(registry, "lanyard.mail.deliveries",
      "Mail delivery attempts by this instance: sent, failed and to be retried, failed for the last time (dead)");
    this.sentCount = byOutcome.of("sent");
    this.retryCount = byOutcome.of("retry");
    this.deadCount = byOutcome.of("dead");
    this.deferrals = Counter.builder("lanyard.mail.send.deferrals")
      .description("Times this instance left due mail in the outbox because mail.maxSendRate was spent; it goes when the rate "
        + "lets it")
      .register(registry);
    this.yields = Counter.builder("lanyard.mail.yields")
      .description("Times this instance's delivery began to wait for its API requests, which waited for database connections "
        + "(mail.yieldToRequests)")
      .register(registry);
    Gauge.builder("lanyard.mail.smtp.up", circuit, smtp -> smtp.isOpen() ? 0 : 1)
      .description("1 while the SMTP server takes mail, 0 since an attempt failed at the server (not at one mail)")
      .register(registry);
  }

  @Override
  public Future<?> start() {
    if (transport.isEmpty()) {
      return Future.succeededFuture();
    }
    vertx.setPeriodic(config.pollInterval().toMillis(), id -> drain());
    vertx.setTimer(1, id -> drain());
    return vertx.eventBus().consumer(Topics.MAIL_OUTBOX_NUDGE, message -> drain()).completion();
  }

  /** Claims nothing more, lets the mail in flight get its answer recorded (for a while), then closes SMTP. */
  @Override
  public Future<?> stop() {
    stopping = true;
    if (budgetTimer >= 0) {
      vertx.cancelTimer(budgetTimer);
    }
    if (yieldTimer >= 0) {
      vertx.cancelTimer(yieldTimer);
    }
    return current.timeout(STOP_WAIT_MS, TimeUnit.MILLISECONDS).otherwiseEmpty()
      .eventually(() -> transport.map(MailTransport::close).orElse(Future.succeededFuture()));
  }

  /**
   * One drain at a time per instance; a wake-up during a drain makes it go round once more. None starts once stopping, and one
   * cut short by the stop is not reported as a failure: what it leased and had no answer for is sent, here or elsewhere, once
   * the lease runs out.
   */
  private void drain() {
    if (stopping) {
      return;
    }
    if (draining) {
      drainAgain = true;
      return;
    }
    if (yieldsToRequests()) {
      return;
    }
    draining = true;
    drainAgain = false;
    current = circuit.isOpen() ? probe() : deliverBatch();
    current.onComplete(done -> {
      draining = false;
      if (done.succeeded() && !done.result()) {
        yieldingSince = -1; // caught up: the next wait for requests may last the whole setting again
      }
      if (done.failed() && stopping) {
        log.debug("Draining the mail outbox ended with the stop: {}", done.cause().toString());
      } else if (done.failed()) {
        failures.warn("drain", "Draining the mail outbox failed: " + done.cause());
      } else if (done.result() || drainAgain) {
        drain();
      }
    });
  }

  /**
   * {@code mail.yieldToRequests}: while API requests wait for database connections, the machine is at the limit of what they
   * ask of it, and delivery's statements, SMTP and TLS work would take the CPU (here and in PostgreSQL) they wait for. A mail
   * some seconds later costs a visitor less than a sign-up refused or slowed in a fair's opening minute, so delivery waits,
   * looking again every {@value #YIELD_RECHECK_MS} ms. It waits at most the setting since it last caught up on the outbox:
   * past that it delivers until nothing due is left, whatever the load, so that however long a peak lasts no mail waits
   * longer than that for requests.
   */
  private boolean yieldsToRequests() {
    if (config.yieldToRequests().isEmpty() || !requestsWait.getAsBoolean()) {
      return false;
    }
    long now = System.nanoTime();
    if (yieldingSince < 0) {
      yieldingSince = now;
      yields.increment();
    }
    if (now - yieldingSince >= config.yieldToRequests().get().toNanos()) {
      return false;
    }
    if (yieldTimer < 0) {
      yieldTimer = vertx.setTimer(YIELD_RECHECK_MS, id -> {
        yieldTimer = -1;
        drain();
      });
    }
    return true;
  }

  /** @return whether there may be more to send at once */
  private Future<Boolean> deliverBatch() {
    return claims.due(config.batchSize()).map(this::deferIfOverBudget)
      .compose(batch -> handOverAll(batch)
        .transform(all -> Future.succeededFuture(batch.size() == config.batchSize() && !circuit.isOpen())));
  }

  /** The SMTP server was failing: one mail, whatever its backoff, tells whether it takes mail again. */
  private Future<Boolean> probe() {
    return claims.oldest().map(this::deferIfOverBudget)
      .compose(mail -> mail.isEmpty() ? Future.succeededFuture(false) : handOver(mail.get(0)).map(sent -> !circuit.isOpen()));
  }

  /**
   * The batch goes to SMTP as fast as the transport sends ({@link MailTransport#sendsAtOnce}), each mail handed over when a
   * send can start: until then it holds only its short claim, so a crash delays it no longer than that.
   */
  private Future<Void> handOverAll(List<OutboxRepository.Due> batch) {
    Iterator<OutboxRepository.Due> next = batch.iterator();
    List<Future<Void>> lanes = new ArrayList<>();
    for (int lane = 0; lane < Math.min(sendsAtOnce, batch.size()); lane++) {
      lanes.add(lane(next));
    }
    return Future.join(lanes).mapEmpty();
  }

  private Future<Void> lane(Iterator<OutboxRepository.Due> next) {
    if (!next.hasNext()) {
      return Future.succeededFuture();
    }
    if (stopping) {
      return release(next);
    }
    return handOver(next.next()).transform(done -> lane(next));
  }

  /** The stop began: the claimed mail not yet handed over is let go at once, for the next start or another instance. */
  private Future<Void> release(Iterator<OutboxRepository.Due> next) {
    List<Long> ids = new ArrayList<>();
    next.forEachRemaining(mail -> ids.add(mail.id()));
    return outbox.release(pool, ids, holder).<Void>mapEmpty()
      .recover(failure -> {
        log.debug("Letting go of {} claimed mails at the stop failed; their claim runs out instead: {}", ids.size(),
          failure.toString());
        return Future.succeededFuture();
      });
  }

  /** Lengthens the mail's lease to outlast its send, then sends it; a claim that ran out (or went elsewhere) sends nothing. */
  private Future<Void> handOver(OutboxRepository.Due mail) {
    return outbox.handOver(pool, mail.id(), holder, lease).compose(held -> {
      if (!held) {
        log.info("Mail {} was no longer this instance's to send when its turn came; left to the next claim", mail.id());
        return Future.succeededFuture();
      }
      return deliver(mail);
    }, failure -> {
      failures.warn("handOver", "Handing mail " + mail.id() + " over to SMTP failed; it goes with the next claim: " + failure);
      return Future.succeededFuture();
    });
  }

  /** Mail left waiting for the send budget: counted, and fetched as soon as the budget lets the next mail go. */
  private List<OutboxRepository.Due> deferIfOverBudget(DeliveryClaims.Claimed claimed) {
    claimed.deferredFor().ifPresent(wait -> {
      deferrals.increment();
      if (budgetTimer < 0 && !stopping) {
        budgetTimer = vertx.setTimer(wait.toMillis(), id -> {
          budgetTimer = -1;
          drain();
        });
      }
    });
    return claimed.mails();
  }

  /** Sends one mail and records its outcome at once, in a statement of its own. */
  private Future<Void> deliver(OutboxRepository.Due mail) {
    return transport.orElseThrow().send(mail).transform(sent -> sent.succeeded() ? sent(mail) : failed(mail, sent.cause()))
      .onFailure(unrecorded -> failures.warn("record", "Recording the outcome of mail " + mail.id()
        + " failed; it is tried again when its lease runs out: " + unrecorded));
  }

  private Future<Void> sent(OutboxRepository.Due mail) {
    sentCount.increment();
    Future<Void> recorded = outbox.markSent(pool, mail.id());
    if (!circuit.succeeded()) {
      return recorded;
    }
    return recorded.compose(marked -> outbox.releaseBackoff(pool)).map(released -> {
      log.info("The SMTP server takes mail again; {} mails waiting out a backoff go now", released);
      return null;
    });
  }

  private Future<Void> failed(OutboxRepository.Due mail, Throwable cause) {
    DeliveryFailure failure = DeliveryFailure.of(cause);
    String error = describe(cause);
    if (failure == DeliveryFailure.SERVER && circuit.failed()) {
      log.warn("The SMTP server does not take mail: {}; probing it with one mail at a time", summary(cause));
    }
    boolean dead = failure == DeliveryFailure.REFUSED || mail.age().compareTo(config.maxAge()) >= 0;
    int attempts = mail.attempts() + 1;
    (dead ? deadCount : retryCount).increment();
    if (failure == DeliveryFailure.REFUSED) {
      log.error("Mail {} refused for good by the SMTP server, dead: {}", mail.id(), summary(cause));
    } else if (dead) {
      log.error("Mail {} is dead: still failing after {} attempts and {}: {}", mail.id(), attempts, mail.age(), summary(cause));
    } else {
      failures.warn("retry", "Mail " + mail.id() + " not sent (attempt " + attempts + "), will retry: " + summary(cause));
    }
    return outbox.markFailed(pool, mail.id(), error, dead, backoff(attempts));
  }

  /** base × 2^(attempts−1), capped. */
  private Duration backoff(int attempts) {
    long base = config.retryBaseDelay().toMillis();
    long delay = base << Math.min(attempts - 1, 30);
    return Duration.ofMillis(delay <= 0 ? config.retryMaxDelay().toMillis() : Math.min(delay, config.retryMaxDelay().toMillis()));
  }

  /** For the outbox row (which holds the recipient anyway): the server's whole reply. */
  private static String describe(Throwable failure) {
    String text = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    if (failure instanceof SMTPException smtp) {
      text = text + ": " + smtp.getReplyMessage();
    }
    return text.length() > MAX_ERROR_LENGTH ? text.substring(0, MAX_ERROR_LENGTH) : text;
  }

  /** For log lines: the reply code and step, not the reply's text, which often repeats the recipient's address. */
  private static String summary(Throwable failure) {
    if (failure instanceof SMTPException smtp) {
      return "SMTP " + smtp.getReplyCode() + " (" + smtp.getMessage() + ")";
    }
    return failure.toString();
  }
}
