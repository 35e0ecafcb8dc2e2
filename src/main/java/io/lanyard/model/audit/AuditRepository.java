package io.lanyard.model.audit;

import io.lanyard.platform.support.AddressRanges;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/** The {@code audit_events} table: batched writes, folded flood counts, the operator's search, a person's own events. */
public final class AuditRepository {

  private static final int MAX_USER_AGENT = 512;

  // One statement per batch, whatever its size: the rows travel as arrays. An event of an account erased while it waited in
  // the queue is written as the erasure left the others (no address, no browser; an operator's command keeps its marker).
  private static final String INSERT = """
    INSERT INTO audit_events (occurred_at, kind, user_id, identifier, application_id, source, user_agent, request_id, detail)
    SELECT t.occurred_at, t.kind, t.user_id, CASE WHEN u.status = 'deleted' THEN NULL ELSE t.identifier END, t.application_id,
      t.source::inet, CASE WHEN u.status = 'deleted' AND t.source IS NOT NULL THEN NULL ELSE t.user_agent END, t.request_id,
      t.detail
    FROM unnest($1::timestamptz[], $2::text[], $3::uuid[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::text[],
      $9::text[]) WITH ORDINALITY AS t(occurred_at, kind, user_id, identifier, application_id, source, user_agent, request_id,
      detail, position)
    LEFT JOIN users u ON u.id = t.user_id
    ORDER BY t.position""";
  // Every instance adds to the same row of a kind, source and minute.
  private static final String ADD_FOLDED = """
    INSERT INTO audit_events (occurred_at, kind, source, detail, count, folded)
    SELECT t.minute, t.kind, t.source::inet, 'folded', sum(t.count), true
    FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::int[]) AS t(minute, kind, source, count)
    GROUP BY t.minute, t.kind, t.source::inet
    ON CONFLICT (kind, source, occurred_at) WHERE folded DO UPDATE SET count = audit_events.count + EXCLUDED.count""";
  private static final String SEARCH = """
    SELECT a.occurred_at, a.kind, coalesce(u.email, a.identifier) AS account, host(a.source) AS source, a.user_agent,
      a.request_id, a.detail, a.count, a.folded
    FROM audit_events a LEFT JOIN users u ON u.id = a.user_id
    WHERE ($1::text IS NULL OR a.identifier = $1 OR a.user_id = (SELECT id FROM users WHERE email = $1))
      AND ($2::text IS NULL OR a.source <<= $2::inet)
      AND ($3::timestamptz IS NULL OR a.occurred_at >= $3)
      AND ($4::text IS NULL OR a.kind = $4)
    ORDER BY a.occurred_at DESC, a.id DESC
    LIMIT $5""";
  private static final String FOR_ACCOUNT = """
    SELECT occurred_at, kind, host(source) AS source, user_agent, request_id, detail FROM audit_events
    WHERE user_id = $1 ORDER BY occurred_at, id""";
  // An erased person's events keep what happened, when and from where, no longer who was named or which browser was used
  // (an operator's command, which has no source, keeps its marker).
  private static final String FORGET = """
    UPDATE audit_events SET identifier = NULL, user_agent = CASE WHEN source IS NULL THEN user_agent END
    WHERE user_id = $1 OR identifier = $2""";
  // In slices, so pruning a large backlog never holds many locks or one long transaction.
  private static final String PRUNE = """
    DELETE FROM audit_events WHERE id IN (
      SELECT id FROM audit_events WHERE occurred_at < now() - $1::float8 * interval '1 millisecond' LIMIT $2)""";

  /** Events of one kind from one source in one minute, beyond the ones written one by one. */
  public record Folded(OffsetDateTime minute, AuditKind kind, String source, int count) {
  }

  /** What {@code audit show} filters on; null parts filter nothing. {@code source} is an address or a CIDR range. */
  public record Query(String email, String source, OffsetDateTime since, AuditKind kind, int limit) {
  }

  /** One line of {@code audit show}. {@code count} is above 1 for a folded row. */
  public record Line(OffsetDateTime occurredAt, String kind, String account, String source, String userAgent,
                     String requestId, String detail, int count) {
  }

  public Future<Void> insert(SqlClient client, List<AuditEvent> events) {
    int size = events.size();
    OffsetDateTime[] times = new OffsetDateTime[size];
    String[] kinds = new String[size];
    UUID[] users = new UUID[size];
    String[] identifiers = new String[size];
    UUID[] applications = new UUID[size];
    String[] sources = new String[size];
    String[] agents = new String[size];
    String[] requestIds = new String[size];
    String[] details = new String[size];
    for (int i = 0; i < size; i++) {
      AuditEvent event = events.get(i);
      times[i] = event.occurredAt().atOffset(ZoneOffset.UTC);
      kinds[i] = event.kind().wireName();
      users[i] = uuid(event.userId());
      identifiers[i] = event.identifier();
      applications[i] = uuid(event.applicationId());
      sources[i] = address(event.origin().source());
      agents[i] = bounded(event.origin().userAgent());
      requestIds[i] = event.origin().requestId();
      details[i] = event.detail();
    }
    Tuple values = Tuple.tuple().addArrayOfOffsetDateTime(times).addArrayOfString(kinds).addArrayOfUUID(users)
      .addArrayOfString(identifiers).addArrayOfUUID(applications).addArrayOfString(sources).addArrayOfString(agents)
      .addArrayOfString(requestIds).addArrayOfString(details);
    return client.preparedQuery(INSERT).execute(values).mapEmpty();
  }

  public Future<Void> addFolded(SqlClient client, List<Folded> counts) {
    int size = counts.size();
    OffsetDateTime[] minutes = new OffsetDateTime[size];
    String[] kinds = new String[size];
    String[] sources = new String[size];
    Integer[] numbers = new Integer[size];
    for (int i = 0; i < size; i++) {
      Folded folded = counts.get(i);
      minutes[i] = folded.minute();
      kinds[i] = folded.kind().wireName();
      sources[i] = address(folded.source());
      numbers[i] = folded.count();
    }
    return client.preparedQuery(ADD_FOLDED)
      .execute(Tuple.tuple().addArrayOfOffsetDateTime(minutes).addArrayOfString(kinds).addArrayOfString(sources)
        .addArrayOfInteger(numbers))
      .mapEmpty();
  }

  /** The latest events matching the query, oldest first. */
  public Future<List<Line>> search(SqlClient client, Query query) {
    Tuple values = Tuple.tuple().addString(query.email()).addString(query.source()).addOffsetDateTime(query.since())
      .addString(query.kind() == null ? null : query.kind().wireName()).addInteger(query.limit());
    return client.preparedQuery(SEARCH).execute(values).map(rows -> {
      List<Line> lines = new ArrayList<>(rows.size());
      for (Row row : rows) {
        lines.add(new Line(row.getOffsetDateTime("occurred_at"), row.getString("kind"), row.getString("account"),
          row.getString("source"), row.getString("user_agent"), row.getString("request_id"), row.getString("detail"),
          row.getInteger("count")));
      }
      Collections.reverse(lines);
      return lines;
    });
  }

  /**
   * A person's own security events, for the export of their data (docs/decisions.md §8): {@code [{occurredAt, kind, source,
   * userAgent, requestId, detail}]}, oldest first.
   */
  public Future<JsonArray> forAccount(SqlClient client, String userId) {
    return client.preparedQuery(FOR_ACCOUNT).execute(Tuple.of(UUID.fromString(userId))).map(rows -> {
      JsonArray events = new JsonArray();
      for (Row row : rows) {
        events.add(new JsonObject()
          .put("occurredAt", row.getOffsetDateTime("occurred_at").toInstant().toString())
          .put("kind", row.getString("kind"))
          .put("source", row.getString("source"))
          .put("userAgent", row.getString("user_agent"))
          .put("requestId", row.getString("request_id"))
          .put("detail", row.getString("detail")));
      }
      return events;
    });
  }

  /** For an erasure: the account's events (and those naming its address) lose the address and the user agent. */
  public Future<Void> forget(SqlClient client, String userId, String email) {
    return client.preparedQuery(FORGET).execute(Tuple.of(UUID.fromString(userId), email)).mapEmpty();
  }

  /** Deletes at most {@code limit} events older than {@code retention}; how many went. */
  public Future<Integer> prune(SqlClient client, Duration retention, int limit) {
    return client.preparedQuery(PRUNE).execute(Tuple.of((double) retention.toMillis(), limit)).map(rows -> rows.rowCount());
  }

  /** Only address literals reach the inet column ("unknown" peers and the CLI have none). */
  private static String address(String source) {
    return source == null || AddressRanges.literal(source).isEmpty() ? null : source;
  }

  private static String bounded(String userAgent) {
    if (userAgent == null || userAgent.isEmpty()) {
      return null;
    }
    String clean = userAgent.replace("\0", "");
    return clean.length() <= MAX_USER_AGENT ? clean : clean.substring(0, MAX_USER_AGENT);
  }

  private static UUID uuid(String id) {
    return id == null ? null : UUID.fromString(id);
  }
}
