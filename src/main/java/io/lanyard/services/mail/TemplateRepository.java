package io.lanyard.services.mail;

import io.lanyard.platform.config.Topics;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The {@code mail_templates} table. */
public final class TemplateRepository {

  private static final String LIST_ALL = """
    SELECT application_id, kind, language, subject, text_body, html_body FROM mail_templates""";
  private static final String LIST_FOR_APPLICATION = """
    SELECT application_id, kind, language, subject, text_body, html_body FROM mail_templates
    WHERE application_id = $1 ORDER BY kind, language""";
  private static final String UPSERT = """
    INSERT INTO mail_templates (application_id, kind, language, subject, text_body, html_body)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT ON CONSTRAINT mail_templates_pkey DO UPDATE
    SET subject = EXCLUDED.subject, text_body = EXCLUDED.text_body, html_body = EXCLUDED.html_body, updated_at = now()""";
  private static final String ANNOUNCE = """
    SELECT pg_notify($1, '')""";

  public Future<List<MailTemplate>> listAll(SqlClient client) {
    return client.preparedQuery(LIST_ALL).execute().map(TemplateRepository::toTemplates);
  }

  public Future<List<MailTemplate>> listFor(SqlClient client, String applicationId) {
    return client.preparedQuery(LIST_FOR_APPLICATION).execute(Tuple.of(UUID.fromString(applicationId)))
      .map(TemplateRepository::toTemplates);
  }

  /** Creates or replaces the template, and tells every instance. */
  public Future<Void> save(Pool pool, MailTemplate template) {
    Tuple values = Tuple.of(UUID.fromString(template.applicationId()), template.kind().wireName(), template.language(),
      template.subject(), template.text(), template.html().orElse(null));
    return pool.withTransaction(tx -> tx.preparedQuery(UPSERT).execute(values)
      .compose(saved -> tx.preparedQuery(ANNOUNCE).execute(Tuple.of(Topics.APPLICATIONS_CHANGED)))
      .mapEmpty());
  }

  private static List<MailTemplate> toTemplates(Iterable<Row> rows) {
    List<MailTemplate> templates = new ArrayList<>();
    for (Row row : rows) {
      templates.add(new MailTemplate(
        row.getUUID("application_id").toString(),
        MailKind.fromWire(row.getString("kind")).orElseThrow(),
        row.getString("language"),
        row.getString("subject"),
        row.getString("text_body"),
        Optional.ofNullable(row.getString("html_body"))));
    }
    return templates;
  }
}
