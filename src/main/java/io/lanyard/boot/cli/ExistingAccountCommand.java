package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Account;

import java.util.Optional;

/** A command about one existing account, named by its e-mail address: without one, a message and exit status 1. */
abstract class ExistingAccountCommand extends AccountCommand {

  @Override
  final int run(CliRuntime runtime) throws Exception {
    Optional<Account> account = account(runtime, email);
    return account.isEmpty() ? 1 : run(runtime, new AccountTools(runtime), account.get());
  }

  abstract int run(CliRuntime runtime, AccountTools tools, Account account) throws Exception;
}
