package io.lanyard.services.idempotency;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Refusal;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * The {@code idempotency_keys} table: a creation sent with a key records the key, its request's fingerprint and its reply in
 * the transaction that creates, so that a retry after a lost reply gets the first reply rather than doing the work twice (and
 * reading its own account as someone else's, 143). Keys live {@link #TTL} per application. A second request with a key in use
 * by another one still in flight waits for it (a lock on the key's row, at most {@code db.lockTimeout}) and then gets its
 * reply: one does the work. The claim belongs to the creating transaction, so an instance that dies in it leaves no key
 * behind: PostgreSQL rolls it back when the connection closes, or, for an instance that vanished with its connections open,
 * after {@code db.idleInTransactionTimeout}; the retry then does the work (docs/decisions.md §14).
 */
public final class IdempotencyKeys {

  /** How long a key is remembered, as Stripe does. */
  public static final Duration TTL = Duration.ofHours(24);

  private static final String FIND = """
    SELECT fingerprint, reply FROM idempotency_keys
    WHERE application_id = $1 AND key = $2 AND created_at > now() - $3::float8 * interval '1 millisecond'""";
  // The first statement of the creating transaction: a concurrent request with the same key waits here for the first to end.
  // An expired key is taken over as if it were absent.
  private static final String CLAIM = """
    INSERT INTO idempotency_keys (application_id, key, fingerprint) VALUES ($1, $2, $3)
    ON CONFLICT ON CONSTRAINT idempotency_keys_pkey DO UPDATE
      SET fingerprint = EXCLUDED.fingerprint, reply = NULL, created_at = now()
      WHERE idempotency_keys.created_at <= now() - $4::float8 * interval '1 millisecond'
    RETURNING 1""";
  private static final String RECORD = """
    UPDATE idempotency_keys SET reply = $3 WHERE application_id = $1 AND key = $2""";
  private static final String DELETE_EXPIRED = """
    DELETE FROM idempotency_keys WHERE created_at <= now() - $1::float8 * interval '1 millisecond'""";

  /**
   * The reply a live key stored, when the request is the same; a refusal (422) when the key was used for another request;
   * empty when the key is new or none was sent.
   */
  public Future<Optional<Result>> replay(SqlClient client, String applicationId, Optional<IdempotencyKey> key) {
    if (key.isEmpty()) {
      return Future.succeededFuture(Optional.empty());
    }
    return client.preparedQuery(FIND).execute(Tuple.of(UUID.fromString(applicationId), key.get().value(), ttlMillis()))
      .compose(rows -> {
        if (rows.size() == 0) {
          return Future.succeededFuture(Optional.empty());
        }
        Row stored = rows.iterator().next();
        if (!MessageDigest.isEqual(stored.getBuffer("fingerprint").getBytes(), key.get().fingerprint())) {
          return Future.failedFuture(new Reused());
        }
        JsonObject reply = (JsonObject) stored.getValue("reply");
        return Future.succeededFuture(Optional.ofNullable(reply).map(IdempotencyKeys::toResult));
      });
  }

  /**
   * Runs {@code work} in one transaction that first claims the key and last records the reply; without a key, just the
   * transaction. When another request with the key committed meanwhile, answers its reply instead (or 422, another request).
   */
  public Future<Result> inTransaction(Pool pool, String applicationId, Optional<IdempotencyKey> key,
                                      Function<SqlConnection, Future<Result>> work) {
    if (key.isEmpty()) {
      return pool.withTransaction(work);
    }
    UUID application = UUID.fromString(applicationId);
    IdempotencyKey used = key.get();
    return pool.withTransaction(tx -> tx.preparedQuery(CLAIM)
        .execute(Tuple.of(application, used.value(), Buffer.buffer(used.fingerprint()), ttlMillis()))
        .compose(claimed -> claimed.size() == 0
          ? Future.<Result>failedFuture(new ClaimedMeanwhile())
          : work.apply(tx).compose(result -> tx.preparedQuery(RECORD)
            .execute(Tuple.of(application, used.value(), toJson(result))).map(result))))
      .recover(failure -> failure instanceof ClaimedMeanwhile
        ? replay(pool, applicationId, key).compose(stored -> stored.isPresent() ? Future.succeededFuture(stored.get())
          : Future.failedFuture(new IllegalStateException("an idempotency key was claimed with no reply recorded")))
        : Future.failedFuture(failure));
  }

  /** Forgets keys past their lifetime; the number forgotten. */
  public Future<Integer> deleteExpired(SqlClient client) {
    return client.preparedQuery(DELETE_EXPIRED).execute(Tuple.of(ttlMillis())).map(rows -> rows.rowCount());
  }

  private static double ttlMillis() {
    return TTL.toMillis();
  }

  private static JsonObject toJson(Result result) {
    JsonObject json = new JsonObject().put("status", result.status().name());
    if (result.data() != null) {
      json.put("data", result.data());
    }
    return json;
  }

  private static Result toResult(JsonObject json) {
    return new Result(StatusCode.valueOf(json.getString("status")), json.getJsonObject("data"));
  }

  /** The key stored a reply for another request (another body, route or application token): 422, as the draft says. */
  private static final class Reused extends Refusal {

    Reused() {
      super("idempotency key reused", null);
    }

    @Override
    public ApiError error() {
      return new ApiError(422, "UnprocessableEntity", "This " + Idempotency.HEADER + " was used for another request",
        "api.assert.idempotency_key_reused");
    }
  }

  /** Another request with the key committed between the look-up and the claim. */
  private static final class ClaimedMeanwhile extends RuntimeException {

    ClaimedMeanwhile() {
      super("idempotency key claimed meanwhile", null, false, false);
    }
  }
}
