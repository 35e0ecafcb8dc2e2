package io.lanyard.helpdesk;

import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.AccountSearch;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.sqlclient.Pool;

/**
 * The help desk's operations, built alike for the CLI's {@code users} commands and the service.
 *
 * @param search accounts by part of an address or a name
 * @param unlock an identifier's login lockout lifted
 */
public record HelpDeskOperations(SearchAccounts search, UnlockLogin unlock) {

  /** @param audit where the operations record what staff did (the CLI writes its events once the operation is done) */
  public static HelpDeskOperations build(Pool pool, LoginFailures failures, AuditTrail audit) {
    return new HelpDeskOperations(new SearchAccounts(pool, new AccountSearch()),
      new UnlockLogin(pool, failures, new AccountRepository(), audit));
  }
}
