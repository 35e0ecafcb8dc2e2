package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.Emails;

import java.util.Optional;

/** A command about one existing account, named by its e-mail address: without one, a message and exit status 1. */
abstract class ExistingAccountCommand extends AccountCommand {

  @Override
  final int run(CliRuntime runtime) throws Exception {
    AccountTools tools = new AccountTools(runtime);
    Optional<Account> account = Await.result(tools.accounts.findByEmail(runtime.pool(), Emails.normalise(email)));
    if (account.isEmpty()) {
      tell("no account has that e-mail address");
      return 1;
    }
    return run(runtime, tools, account.get());
  }

  abstract int run(CliRuntime runtime, AccountTools tools, Account account) throws Exception;
}
