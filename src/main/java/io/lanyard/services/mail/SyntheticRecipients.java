package io.lanyard.services.mail;

import io.lanyard.model.accounts.SyntheticAddresses;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.Optional;

/** Mail to a synthetic account of a load test is rendered and kept, never sent: reason {@code synthetic}. */
public final class SyntheticRecipients implements SuppressionRule {

  public static final String REASON = "synthetic";

  private final SyntheticAddresses synthetic;

  public SyntheticRecipients(SyntheticAddresses synthetic) {
    this.synthetic = synthetic;
  }

  @Override
  public Future<Optional<String>> reason(SqlClient client, RenderedMail mail) {
    return Future.succeededFuture(synthetic.matches(mail.recipient()) ? Optional.of(REASON) : Optional.empty());
  }
}
