package io.lanyard.selfservice.emailchange;

import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * What an e-mail-change link leads to, without using it: the hosted page asks to confirm the new address it shows, for a
 * link {@link ConfirmEmailChange} would accept. Opening the link changes nothing, so a mail scanner that follows it cannot
 * confirm an address in the person's place. Reads only.
 */
public record EmailChangeLinks(Pool pool, EmailChangeRepository changes) {

  /** The change a usable link would confirm; empty for a link unknown, used or expired. */
  public Future<Optional<EmailChangeRepository.Pending>> find(String token) {
    return changes.findPending(pool, SecretTokens.sha256(token));
  }
}
