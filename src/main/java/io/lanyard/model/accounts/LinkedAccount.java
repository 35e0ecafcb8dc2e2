package io.lanyard.model.accounts;

import io.vertx.sqlclient.Row;

import java.util.Optional;
import java.util.UUID;

/**
 * The account a usable link was made for, as a hosted page shows it: in the account's language, under the name of the
 * application the account came from.
 */
public record LinkedAccount(String userId, Optional<String> language, Optional<String> applicationId) {

  /** From a row of {@code id, language, from_application_id} of {@code users}. */
  static LinkedAccount of(Row row) {
    UUID application = row.getUUID("from_application_id");
    return new LinkedAccount(row.getUUID("id").toString(), Optional.ofNullable(row.getString("language")),
      Optional.ofNullable(application).map(UUID::toString));
  }
}
