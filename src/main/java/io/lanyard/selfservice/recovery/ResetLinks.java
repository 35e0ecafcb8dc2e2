package io.lanyard.selfservice.recovery;

import io.lanyard.model.accounts.LinkedAccount;
import io.lanyard.model.accounts.PasswordResetRepository;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * What a password-reset link leads to, without using it: the hosted reset page shows its form only for a link that
 * {@link ResetPassword} would accept, in the account's language. Reads only.
 */
public final class ResetLinks {

  private final Pool pool;
  private final PasswordResetRepository resets;

  public ResetLinks(Pool pool, PasswordResetRepository resets) {
    this.pool = pool;
    this.resets = resets;
  }

  /** The active account of a usable link; empty for a link unknown, used or expired. */
  public Future<Optional<LinkedAccount>> find(String token) {
    return resets.findLinkedAccount(pool, SecretTokens.sha256(token));
  }
}
