package io.lanyard.services.session;

import io.lanyard.platform.config.Topics;
import io.lanyard.platform.db.ChangeFeed;
import io.lanyard.platform.support.FailureLog;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Keeps the {@link RevocationList} of this instance in step with the database. At start, every live entry, page by page.
 * Then notifications carry each new entry, applied with no query; every refresh interval (and after the notification
 * connection comes back) a catch-up reads only the rows recorded since the last one, in case a notification was missed.
 * Expired entries leave memory each interval and the database every few minutes, with the expired rows of live sessions.
 */
public final class RevocationSync {

  private static final Logger log = LoggerFactory.getLogger(RevocationSync.class);
  private static final FailureLog failures = new FailureLog(log);
  private static final int PAGE_SIZE = 10_000;
  /** Reread before the last catch-up's instant: a row is recorded a moment before its transaction commits. */
  private static final Duration CATCH_UP_OVERLAP = Duration.ofSeconds(30);
  private static final Duration PRUNE_INTERVAL = Duration.ofMinutes(10);

  private final Pool pool;
  private final RevocationRepository repository;
  private final SessionRepository sessions = new SessionRepository();
  private final RevocationList list;
  private final long maxTtlMillis;
  private volatile OffsetDateTime caughtUpTo;
  private volatile boolean stopped;
  private Future<Void> syncing;
  private boolean syncAgain;
  private long catchUpTimer = -1;
  private long pruneTimer = -1;

  /** @param maxTtlMillis the longest token lifetime, or -1: how long the cut-off of a deleted user must be kept */
  public RevocationSync(Pool pool, RevocationRepository repository, RevocationList list, long maxTtlMillis) {
    this.pool = pool;
    this.repository = repository;
    this.list = list;
    this.maxTtlMillis = maxTtlMillis;
  }

  /** Completes once every live entry is in memory: an instance never serves without knowing the revocations. */
  public Future<Void> start(Vertx vertx, ChangeFeed feed, Duration interval) {
    feed.listen(Topics.TOKENS_REVOKED, payload -> onNotification(payload, TokenRevocation::fromJson, list::add));
    feed.listen(Topics.SESSIONS_CUT, payload -> onNotification(payload, SessionCutoff::fromJson, list::add));
    feed.listen(Topics.SESSIONS_FOLDED, payload -> onNotification(payload, SessionFold::fromJson, list::add));
    catchUpTimer = vertx.setPeriodic(interval.toMillis(), id -> {
      list.prune(System.currentTimeMillis());
      sync();
    });
    pruneTimer = vertx.setPeriodic(PRUNE_INTERVAL.toMillis(), id -> pruneDatabase());
    return repository.recordMaxTtl(pool, maxTtlMillis)
      .compose(recorded -> sync())
      .compose(loaded -> pruneDatabase());
  }

  public void stop(Vertx vertx) {
    stopped = true;
    vertx.cancelTimer(catchUpTimer);
    vertx.cancelTimer(pruneTimer);
  }

  /**
   * A payload is applied as it is; none (a new subscription), an empty one (an entry too long for NOTIFY) or one we cannot
   * read means: catch up from the database.
   */
  private <T> void onNotification(String payload, Function<JsonObject, T> parse, Consumer<T> apply) {
    if (stopped) {
      return;
    }
    if (payload == null || payload.isEmpty()) {
      sync();
      return;
    }
    try {
      apply.accept(parse.apply(new JsonObject(payload)));
    } catch (RuntimeException unreadable) {
      log.warn("Unreadable revocation notification; catching up from the database");
      sync();
    }
  }

  /**
   * A full load the first time, a catch-up after. One runs at a time; a call while one is in flight runs one more after it,
   * so whatever prompted the call is read by a query that started after it.
   */
  private synchronized Future<Void> sync() {
    if (syncing != null) {
      syncAgain = true;
      return syncing;
    }
    OffsetDateTime since = caughtUpTo;
    Future<Void> attempt = since == null ? loadAll() : catchUp(since.minus(CATCH_UP_OVERLAP));
    syncing = attempt.andThen(done -> {
      boolean again;
      synchronized (this) {
        syncing = null;
        again = syncAgain;
        syncAgain = false;
      }
      if (done.failed() && !stopped) {
        failures.warn("sync", "Reading revocations failed; keeping those in memory: " + done.cause());
      }
      if (again && !stopped) {
        sync();
      }
    });
    return syncing;
  }

  private Future<Void> loadAll() {
    return repository.now(pool)
      .compose(stamp -> loadTokens(RevocationRepository.FIRST_TOKEN_ID)
        .compose(tokens -> loadCutoffs(RevocationRepository.FIRST_USER_ID))
        .map(cutoffs -> {
          caughtUpTo = stamp;
          log.info("Loaded revocations: {} entries", list.size());
          return null;
        }));
  }

  private Future<Void> loadTokens(String afterTokenId) {
    return repository.liveTokens(pool, afterTokenId, PAGE_SIZE).compose(page -> {
      page.forEach(list::add);
      return page.size() < PAGE_SIZE ? Future.succeededFuture() : loadTokens(page.get(page.size() - 1).tokenId());
    });
  }

  private Future<Void> loadCutoffs(UUID afterUserId) {
    return repository.liveCutoffs(pool, afterUserId, PAGE_SIZE).compose(page -> {
      page.forEach(this::apply);
      return page.size() < PAGE_SIZE ? Future.succeededFuture()
        : loadCutoffs(UUID.fromString(page.get(page.size() - 1).userId()));
    });
  }

  private Future<Void> catchUp(OffsetDateTime since) {
    return repository.now(pool)
      .compose(stamp -> repository.tokensRecordedSince(pool, since)
        .compose(tokens -> {
          tokens.forEach(list::add);
          return repository.cutoffsRecordedSince(pool, since);
        })
        .map(cutoffs -> {
          cutoffs.forEach(this::apply);
          caughtUpTo = stamp;
          return null;
        }));
  }

  private void apply(RevocationRepository.StoredCutoff stored) {
    stored.cutoff().ifPresent(list::add);
    stored.fold().ifPresent(list::add);
  }

  /** Expired rows refuse nothing, and expired sessions are no longer live; a failed prune is retried at the next period. */
  private Future<Void> pruneDatabase() {
    return repository.deleteExpired(pool)
      .compose(revocations -> sessions.deleteExpired(pool).<Void>map(expiredSessions -> {
        if (revocations > 0 || expiredSessions > 0) {
          log.info("Pruned {} expired revocations and {} expired sessions", revocations, expiredSessions);
        }
        return null;
      }))
      .recover(failure -> {
        if (!stopped) {
          failures.warn("prune", "Pruning expired revocations failed: " + failure);
        }
        return Future.succeededFuture();
      });
  }
}
