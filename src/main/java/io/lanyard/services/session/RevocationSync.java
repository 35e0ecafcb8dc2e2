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
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Keeps the {@link RevocationList} of this instance in step with the database. At start, every live entry, page by page.
 * Then notifications carry each new entry, applied with no query; every refresh interval (and whenever the feed is heard again)
 * a catch-up reads the rows numbered ({@code revocation_seq}) after a floor a margin behind what it has read, in case a
 * notification was missed. Expired entries leave memory each interval and the database every few minutes, with the expired
 * rows of live sessions.
 *
 * <p>The instance is <em>current</em> when a catch-up that started while the feed was live has completed with the feed live
 * ever since: whatever was committed before that catch-up it read, whatever after it hears. Otherwise (starting, the feed
 * lost or late, a catch-up failing) {@link #isCurrent()} is false and tokens are checked against the database
 * ({@link Revocations}); the instance logs when it enters and leaves that state (docs/decisions.md, consistency between
 * instances).
 */
public final class RevocationSync {

  private static final Logger log = LoggerFactory.getLogger(RevocationSync.class);
  private static final FailureLog failures = new FailureLog(log);
  private static final int PAGE_SIZE = 10_000;
  /**
   * How far behind its last catch-up a catch-up starts reading: a number is taken when a row is written, and its transaction
   * commits some time after (well within this: statements have their deadlines), possibly after rows numbered later.
   */
  static final Duration CATCH_UP_MARGIN = Duration.ofSeconds(30);
  private static final Duration PRUNE_INTERVAL = Duration.ofMinutes(10);
  private static final Set<String> CHANNELS = Set.of(Topics.TOKENS_REVOKED, Topics.SESSIONS_CUT, Topics.SESSIONS_FOLDED);

  private final Pool pool;
  private final RevocationRepository repository;
  private final SessionRepository sessions = new SessionRepository();
  private final RevocationList list;
  private final long maxTtlMillis;
  private final CatchUpFloor floor = new CatchUpFloor(CATCH_UP_MARGIN.toMillis());
  private final Set<String> subscribed = ConcurrentHashMap.newKeySet();
  private ChangeFeed feed;
  private volatile boolean loaded;
  private volatile boolean current;
  /** Counts the times the feed stopped being live: a catch-up vouches for the memory only if none happened while it ran. */
  private int feedLosses;
  private long unsureSince = System.nanoTime();
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
    this.feed = feed;
    feed.watch(this::onFeedLive);
    feed.listen(Topics.TOKENS_REVOKED, payload -> onNotification(Topics.TOKENS_REVOKED, payload, TokenRevocation::fromJson,
      list::add));
    feed.listen(Topics.SESSIONS_CUT, payload -> onNotification(Topics.SESSIONS_CUT, payload, SessionCutoff::fromJson, list::add));
    feed.listen(Topics.SESSIONS_FOLDED, payload -> onNotification(Topics.SESSIONS_FOLDED, payload, SessionFold::fromJson,
      list::add));
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

  /** Whether the memory holds every revocation committed up to a moment ago: if not, tokens are checked in the database. */
  public boolean isCurrent() {
    return current && feed.isLive();
  }

  /** Lost: this instance may be missing revocations from now on. Heard again: a catch-up makes it current. */
  private void onFeedLive(boolean live) {
    if (live) {
      sync();
      return;
    }
    synchronized (this) {
      feedLosses++;
      if (current) {
        current = false;
        unsureSince = System.nanoTime();
        log.warn("Revocations: not sure this instance is current (change feed not live); checking tokens against the database");
      }
    }
  }

  /**
   * A payload is applied as it is; none (a new subscription), an empty one (an entry too long for NOTIFY) or one we cannot
   * read means: catch up from the database.
   */
  private <T> void onNotification(String channel, String payload, Function<JsonObject, T> parse, Consumer<T> apply) {
    if (stopped) {
      return;
    }
    if (payload == null || payload.isEmpty()) {
      if (payload == null) {
        subscribed.add(channel);
      }
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
    int lossesAtStart = feedLosses;
    boolean liveAtStart = feed.isLive() && subscribed.containsAll(CHANNELS);
    Future<Void> attempt = loaded ? catchUp() : loadAll();
    syncing = attempt.andThen(done -> {
      boolean again;
      synchronized (this) {
        syncing = null;
        again = syncAgain;
        syncAgain = false;
        if (done.succeeded() && liveAtStart && lossesAtStart == feedLosses && feed.isLive()) {
          becomeCurrent();
        }
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

  private void becomeCurrent() {
    if (!current) {
      current = true;
      log.info("Revocations: this instance is current again after {} ms (read up to number {})",
        (System.nanoTime() - unsureSince) / 1_000_000, floor.highWater());
    }
  }

  private Future<Void> loadAll() {
    return repository.mark(pool)
      .compose(mark -> repository.floor(pool, CATCH_UP_MARGIN.toMillis(), mark.number())
        .compose(below -> loadTokens(RevocationRepository.FIRST_TOKEN_ID)
          .compose(tokens -> loadCutoffs(RevocationRepository.FIRST_USER_ID))
          .map(cutoffs -> {
            floor.loaded(mark, below);
            loaded = true;
            log.info("Loaded revocations: {} entries", list.size());
            return null;
          })));
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

  private Future<Void> catchUp() {
    long after = floor.current();
    return repository.mark(pool)
      .compose(mark -> repository.tokensNumberedAfter(pool, after)
        .compose(tokens -> {
          tokens.forEach(list::add);
          return repository.cutoffsNumberedAfter(pool, after);
        })
        .map(cutoffs -> {
          cutoffs.forEach(this::apply);
          floor.caughtUp(mark);
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
