package io.lanyard.selfservice.recovery;

import io.lanyard.platform.support.FailureLog;
import io.lanyard.services.lifecycle.AccountMail;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Works out the queued reset requests, on every instance: takes the oldest due one ({@code FOR UPDATE SKIP LOCKED}), sends
 * what its address needs ({@link ResetMail}) and deletes it, in one transaction. A request is so worked out at least once
 * (a worker that dies mid-way leaves the row to the next) and its mail queued exactly once (the mail commits with the row's
 * deletion). Woken by a nudge from the request path, {@link #GATHER} later, so the work of one request lands on no
 * particular later request; and by a poll, for the requests of other instances and those a failure left.
 */
public final class ResetRequestVerticle extends VerticleBase {

  /** Event-bus address: a reset request was queued on this instance. */
  public static final String NUDGE = "password.reset.requests.nudge";
  /**
   * How long after a nudge the worker starts: the requests queued meanwhile are worked out together, apart from the
   * replies, so that the account lookups and writes of one request do not slow whichever request comes right after it.
   */
  static final Duration GATHER = Duration.ofMillis(100);
  /** Failures of one request's work after which it is given up: a bug, or data it cannot handle, not an outage. */
  static final int MAX_ATTEMPTS = 5;
  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
  private static final Duration LAST_RETRY = Duration.ofMinutes(5);
  private static final long STOP_WAIT_MS = 5000;
  private static final Logger log = LoggerFactory.getLogger(ResetRequestVerticle.class);
  private static final FailureLog failures = new FailureLog(log);

  private final Pool pool;
  private final ResetRequestQueue queue;
  private final ResetMail resetMail;
  private final AccountMail mail;
  private final Duration pollInterval;
  private long gatherTimer = -1;
  private boolean working;
  private boolean again;
  private volatile boolean stopping;
  private Future<Void> current = Future.succeededFuture();

  /**
   * @param pool the background pool: this work never holds a connection a request waits for
   * @param pollInterval how often it looks for requests it was not told of
   */
  ResetRequestVerticle(Pool pool, ResetRequestQueue queue, ResetMail resetMail, AccountMail mail, Duration pollInterval) {
    this.pool = pool;
    this.queue = queue;
    this.resetMail = resetMail;
    this.mail = mail;
    this.pollInterval = pollInterval;
  }

  @Override
  public Future<?> start() {
    vertx.setPeriodic(pollInterval.toMillis(), id -> soon());
    vertx.setTimer(1, id -> soon());
    return vertx.eventBus().consumer(NUDGE, message -> soon()).completion();
  }

  @Override
  public Future<?> stop() {
    stopping = true;
    if (gatherTimer >= 0) {
      vertx.cancelTimer(gatherTimer);
    }
    return current.timeout(STOP_WAIT_MS, TimeUnit.MILLISECONDS).otherwiseEmpty();
  }

  /**
   * A drain {@link #GATHER} from now, unless one is already due; one under way goes round once more when it ends (it may
   * have looked for due requests just before this one was queued).
   */
  private void soon() {
    if (working) {
      again = true;
      return;
    }
    if (stopping || gatherTimer >= 0) {
      return;
    }
    gatherTimer = vertx.setTimer(GATHER.toMillis(), id -> {
      gatherTimer = -1;
      working = true;
      again = false;
      current = drain().onComplete(done -> {
        working = false;
        if (again) {
          soon();
        }
      });
    });
  }

  /** One request after another until none is due; a failure ends the round (the next poll tries again). */
  private Future<Void> drain() {
    if (stopping) {
      return Future.succeededFuture();
    }
    return workOne().compose(worked -> worked ? drain() : Future.succeededFuture());
  }

  /** @return whether there was a request to work out */
  private Future<Boolean> workOne() {
    AtomicReference<ResetRequestQueue.Queued> taken = new AtomicReference<>();
    return pool.withTransaction(tx -> queue.take(tx).compose(found -> {
        if (found.isEmpty()) {
          return Future.succeededFuture(Optional.<Boolean>empty());
        }
        taken.set(found.get());
        return resetMail.send(tx, found.get()).compose(sent -> queue.delete(tx, found.get().id()).map(Optional.of(sent)));
      }))
      .map(sent -> {
        sent.filter(Boolean::booleanValue).ifPresent(queuedMail -> mail.nudge());
        return sent.isPresent();
      })
      .recover(failure -> taken.get() == null ? failed(failure) : postpone(taken.get(), failure));
  }

  private Future<Boolean> failed(Throwable failure) {
    failures.warn("take", "Taking a queued password reset request failed; the next poll tries again: " + failure);
    return Future.succeededFuture(false);
  }

  /**
   * The request's work rolled back: it waits out a backoff, or is given up after {@link #MAX_ATTEMPTS}.
   *
   * @return whether the round may go on
   */
  private Future<Boolean> postpone(ResetRequestQueue.Queued request, Throwable failure) {
    int attempts = request.attempts() + 1;
    if (attempts >= MAX_ATTEMPTS) {
      log.error("Password reset request {} given up after {} failed attempts, no mail sent: {}", request.id(), attempts,
        failure.toString());
      return queue.delete(pool, request.id()).map(true).otherwise(false);
    }
    failures.warn("work", "Working out password reset request " + request.id() + " failed (attempt " + attempts
      + "), will retry: " + failure);
    long delay = Math.min(FIRST_RETRY.toMillis() << (attempts - 1), LAST_RETRY.toMillis());
    // the others due go on; a database that cannot take even this ends the round
    return queue.postpone(pool, request.id(), Duration.ofMillis(delay)).map(true).otherwise(false);
  }
}
