package io.lanyard.model.accounts;

import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.Optional;

/**
 * What an e-mailed link leads to, without using it: a hosted page shows its form only for a link its operation would accept,
 * in the account's language. Reads only.
 *
 * @param links {@link AccountLinkRepository} or {@link PasswordResetRepository}'s look-up
 */
public record UsableLinks(Pool pool, Lookup links) {

  /** The links of one kind, looked up by their token's hash. */
  @FunctionalInterface
  public interface Lookup {
    Future<Optional<LinkedAccount>> findLinkedAccount(SqlClient client, byte[] tokenHash);
  }

  /** The account of a usable link; empty for a link unknown, used or expired. */
  public Future<Optional<LinkedAccount>> find(String token) {
    return links.findLinkedAccount(pool, SecretTokens.sha256(token));
  }
}
