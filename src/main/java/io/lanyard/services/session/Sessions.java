package io.lanyard.services.session;

import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.Caller;
import io.lanyard.platform.config.LanyardConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Opens and ends sessions (docs/decisions.md §3, §7). Each change to a user's sessions runs in one transaction under the user's
 * lock ({@link SessionRepository}): a new token is recorded as live, the user's oldest live tokens beyond
 * {@code security.maxSessionsPerUser} are revoked, and once the user has that many revocations they fold into one entry
 * ({@link SessionFold}), so the rows and memory a user can make the service hold stay bounded. Every write announces itself to
 * every instance, and is applied here at once after the commit, so the next request to this instance is refused even before
 * the notification comes back.
 */
public final class Sessions {

  /**
   * @param maxTtlMillis the longest token lifetime, or -1: how long a cut-off or fold must be kept
   * @param maxSessionsPerUser live tokens a user may hold, and revocations it may have before they fold
   */
  public record Limits(long maxTtlMillis, int maxSessionsPerUser) {

    public static Limits of(LanyardConfig config) {
      return new Limits(config.jwt().maxTtlMillis(), config.security().maxSessionsPerUser());
    }
  }

  /** {@code exp} is rounded up to the whole second: a token may outlive its issue instant + maxTtl by under a second. */
  private static final long EXP_ROUNDING_MILLIS = 1000;

  private final Pool pool;
  private final SessionRepository sessions = new SessionRepository();
  private final RevocationRepository revocations = new RevocationRepository();
  private final RevocationList list;
  private final Limits limits;
  private final Counter capped;

  /** Counts the tokens the cap ended in {@code lanyard_sessions_capped_total}. */
  public Sessions(Pool pool, RevocationList list, Limits limits, MeterRegistry registry) {
    this.pool = pool;
    this.list = list;
    this.limits = limits;
    this.capped = registry == null ? null : Counter.builder("lanyard.sessions.capped")
      .description("Live tokens revoked because their user opened more than security.maxSessionsPerUser")
      .register(registry);
  }

  /** For the operator's commands: they open no session, so the cap never ends one there. */
  public Sessions(Pool pool, RevocationList list, Limits limits) {
    this(pool, list, limits, null);
  }

  /** A new live token for the user, at a login; empty when the account is not (or no longer) active. */
  public Future<Optional<NewSession>> open(String userId, long ttlMillis) {
    return pool.withTransaction(tx -> openIn(tx, userId, ttlMillis, Long.MAX_VALUE)).map(this::remember);
  }

  /**
   * Writes, in the caller's transaction, a new live token for the user, as {@link #open} does, so that it commits or rolls
   * back with the caller's other writes (an OpenID Connect refresh: the old refresh token used up, the token, its successor).
   * Empty when the account is not active, or when the user's sessions were cut off (a password change, a global logout)
   * after {@code signedInAt} (epoch ms): what that sign-in granted ended with them. The caller passes what this returns to
   * {@link #remember} once the transaction committed, and only then.
   */
  public Future<Opened> openIn(SqlClient tx, String userId, long ttlMillis, long signedInAt) {
    return sessions.lock(tx, userId).compose(user -> {
      if (!isActive(user) || user.get().cutAt() > signedInAt) {
        return Future.succeededFuture(Opened.REFUSED);
      }
      long now = System.currentTimeMillis();
      NewSession session = NewSession.at(stampAfter(user.get(), now), ttlMillis);
      Written written = new Written();
      return sessions.insert(tx, userId, session)
        .compose(inserted -> endBeyondCap(tx, userId, user.get(), user.get().sessionRows() + 1, now, written))
        .map(done -> new Opened(Optional.of(session), written));
    });
  }

  /**
   * Applies here, at once, what a committed {@link #openIn} wrote (the tokens the cap ended, a fold), so the next request to
   * this instance refuses them; @return the token opened, if any.
   */
  public Optional<NewSession> remember(Opened opened) {
    return applied(opened);
  }

  /**
   * The caller's token replaced by a new one, at a refresh: the old one is refused from {@code graceMillis} after the new one's
   * issue. Empty when the account is not active, or the token is no longer live (already refreshed, logged out, ended by the
   * cap): a token mints at most one successor. Nothing is written then.
   */
  public Future<Optional<NewSession>> refresh(Caller caller, long ttlMillis, long graceMillis) {
    String userId = caller.userId();
    return pool.withTransaction(tx -> sessions.lock(tx, userId).compose(user -> !isActive(user)
      ? Future.succeededFuture(Opened.REFUSED)
      : sessions.end(tx, userId, caller.tokenId()).compose(wasLive -> {
        if (!wasLive) {
          return Future.succeededFuture(Opened.REFUSED);
        }
        long now = System.currentTimeMillis();
        NewSession session = NewSession.at(stampAfter(user.get(), now), ttlMillis);
        Written written = new Written();
        TokenRevocation old = revocation(caller, session.issuedAt() + graceMillis);
        return revoke(tx, List.of(old), written)
          .compose(revoked -> sessions.insert(tx, userId, session))
          // one row ended, one added
          .compose(inserted -> endBeyondCap(tx, userId, user.get(), user.get().sessionRows(), now, written))
          .map(done -> new Opened(Optional.of(session), written));
      }))).map(this::applied);
  }

  /** The caller's token is refused from now on, at a logout. */
  public Future<Void> end(Caller caller) {
    String userId = caller.userId();
    return pool.withTransaction(tx -> sessions.lock(tx, userId).compose(user -> {
      Written written = new Written();
      if (user.isEmpty()) {
        // a user without a row has a cut-off refusing every token it had (V17.1): nothing to add
        return Future.succeededFuture(new Opened(Optional.empty(), written));
      }
      long now = System.currentTimeMillis();
      return sessions.end(tx, userId, caller.tokenId())
        .compose(ended -> revoke(tx, List.of(revocation(caller, now)), written))
        .compose(revoked -> foldIfDue(tx, userId, user.get(), now, written))
        .map(done -> new Opened(Optional.empty(), written));
    })).map(this::applied).mapEmpty();
  }

  /** Every token of the user issued until now (and at least before {@code notBefore}, epoch ms) is refused. */
  public Future<Void> endAll(String userId, long notBefore) {
    return pool.withTransaction(tx -> endAllIn(tx, userId, notBefore, Optional.empty())).map(cutoff -> {
      remember(cutoff);
      return null;
    });
  }

  /**
   * Writes, in the caller's transaction, that every token of the user issued until now (and at least before
   * {@code notBefore}) is refused, except {@code keptTokenId}'s. Other instances hear of it at commit; this one once the caller
   * calls {@link #remember} after it. The cut-off covers the user's revocations, which go.
   */
  public Future<SessionCutoff> endAllIn(SqlClient tx, String userId, long notBefore, Optional<String> keptTokenId) {
    return sessions.lock(tx, userId)
      .compose(user -> sessions.endAllBut(tx, userId, keptTokenId))
      .compose(newestEnded -> {
        // after every token it ends, even one stamped by an instance whose clock runs ahead
        SessionCutoff cutoff = cutoff(userId, Math.max(notBefore, newestEnded + 1), keptTokenId);
        return revocations.deleteIssuedBefore(tx, userId, cutoff.notBefore(), keptTokenId)
          .compose(deleted -> revocations.cut(tx, cutoff))
          .map(cutoff);
      });
  }

  /** Applies a committed cut-off here at once, so the next request to this instance is refused. */
  public void remember(SessionCutoff cutoff) {
    list.add(cutoff);
  }

  /**
   * The issue instant of a user's next token: now, but never before its newest token, its cut-off or its fold (another
   * instance's clock may run a little ahead): a token handed out after them is never refused by them.
   */
  private static long stampAfter(SessionRepository.LockedUser user, long now) {
    return Math.max(Math.max(now, user.newestSession() + 1), Math.max(user.cutAt(), user.foldedBefore()));
  }

  private static boolean isActive(Optional<SessionRepository.LockedUser> user) {
    return user.isPresent() && user.get().status() == UserStatus.ACTIVE;
  }

  /**
   * Ends the user's oldest live tokens beyond the cap, then folds the user's revocations if this write made them due. With
   * {@code rowsAfter} (the user's rows once this write is done, live or expired) within the cap there is no token to end,
   * and the cap's statement does not run: the expired rows wait for the periodic prune.
   */
  private Future<Void> endBeyondCap(SqlClient tx, String userId, SessionRepository.LockedUser user, long rowsAfter, long now,
                                    Written written) {
    Future<List<SessionRepository.Session>> beyondCap = rowsAfter <= limits.maxSessionsPerUser()
      ? Future.succeededFuture(List.of())
      : sessions.endBeyondCap(tx, userId, limits.maxSessionsPerUser(), now);
    return beyondCap.compose(ended -> {
      written.capped = ended.size();
      List<TokenRevocation> revoked = new ArrayList<>(ended.size());
      ended.forEach(session -> revoked.add(
        new TokenRevocation(session.tokenId(), userId, now, session.expiresAt(), session.issuedAt())));
      return revoke(tx, revoked, written);
    }).compose(revoked -> written.revoked.isEmpty() ? Future.succeededFuture() : foldIfDue(tx, userId, user, now, written));
  }

  private Future<Void> revoke(SqlClient tx, List<TokenRevocation> pending, Written written) {
    Future<Void> done = Future.succeededFuture();
    for (TokenRevocation revocation : pending) {
      done = done.compose(previous -> revocations.revoke(tx, revocation)).onSuccess(stored -> written.revoked.add(revocation));
    }
    return done;
  }

  /**
   * Once the user holds {@code maxSessionsPerUser} revocations, they fold into one entry: every token issued before the newest
   * of them is refused but those still live (and those in a refresh's grace period, until it ends), and the revocations go.
   */
  private Future<Void> foldIfDue(SqlClient tx, String userId, SessionRepository.LockedUser user, long now, Written written) {
    return revocations.heldBy(tx, userId).compose(held -> {
      if (held.count() < limits.maxSessionsPerUser()) {
        return Future.succeededFuture();
      }
      long foldedBefore = Math.max(user.foldedBefore() + 1, held.newestIssuedAt() + 1);
      Map<String, Long> spared = new HashMap<>();
      return sessions.liveBefore(tx, userId, foldedBefore, now)
        .compose(live -> {
          live.forEach(tokenId -> spared.put(tokenId, SessionFold.LIVE));
          return revocations.gracedBefore(tx, userId, foldedBefore, now);
        })
        .compose(graced -> {
          spared.putAll(graced);
          SessionFold fold = new SessionFold(userId, foldedBefore, keptUntil(foldedBefore), spared);
          return revocations.deleteIssuedBefore(tx, userId, foldedBefore, Optional.empty())
            .compose(deleted -> revocations.fold(tx, fold))
            .onSuccess(folded -> written.fold = fold);
        });
    });
  }

  private SessionCutoff cutoff(String userId, long notBefore, Optional<String> keptTokenId) {
    return new SessionCutoff(userId, notBefore, keptUntil(notBefore), keptTokenId);
  }

  /** When every token issued before {@code instant} has expired, or -1 when tokens may never expire. */
  private long keptUntil(long instant) {
    return limits.maxTtlMillis() == -1 ? -1 : instant + limits.maxTtlMillis() + EXP_ROUNDING_MILLIS;
  }

  private static TokenRevocation revocation(Caller caller, long refusedFrom) {
    return new TokenRevocation(caller.tokenId(), caller.userId(), refusedFrom, caller.expiresAt(), caller.issuedAt());
  }

  /** After the commit: what was written applied here, the capped tokens counted. */
  private Optional<NewSession> applied(Opened opened) {
    Written written = opened.written();
    written.revoked.forEach(list::add);
    if (written.fold != null) {
      list.add(written.fold);
    }
    if (capped != null && written.capped > 0) {
      capped.increment(written.capped);
    }
    return opened.session();
  }

  /** What one transaction wrote, to apply here once it committed. */
  public static final class Written {
    private final List<TokenRevocation> revoked = new ArrayList<>();
    private SessionFold fold;
    private int capped;

    private Written() {
    }
  }

  /** A token written in a caller's transaction ({@link #openIn}), and what else that wrote, to remember after its commit. */
  public record Opened(Optional<NewSession> session, Written written) {
    static final Opened REFUSED = new Opened(Optional.empty(), new Written());
  }
}
