package io.lanyard.signup;

import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.LinkedAccount;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * What an account link leads to, without using it: the hosted activation page shows its form only for a link that
 * {@link ActivateUser} would accept, in the account's language. Reads only.
 */
public final class ActivationLinks {

  private final Pool pool;
  private final AccountLinkRepository links;

  public ActivationLinks(Pool pool, AccountLinkRepository links) {
    this.pool = pool;
    this.links = links;
  }

  /** The pending account of a usable link; empty for a link unknown, used or expired. */
  public Future<Optional<LinkedAccount>> find(String token) {
    return links.findLinkedAccount(pool, SecretTokens.sha256(token));
  }
}
