package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import picocli.CommandLine.Mixin;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A change to an account made by an operator, recorded in the audit trail with the operator's name. */
abstract class OperatorCommand extends AccountCommand {

  @Mixin
  OperatorOption operator;

  @Override
  void checkArguments() throws Exception {
    operator.check();
  }

  /** The operator's name as the audit trail keeps it ({@code operator NAME}). */
  String actor() {
    return operator.actor();
  }

  /**
   * Runs an operation that records its audit events from an event loop, where the CLI's immediate write would block: they are
   * written once it is done.
   */
  static <T> T audited(CliRuntime runtime, Function<AuditTrail, Future<T>> operation) {
    List<AuditEvent> events = new CopyOnWriteArrayList<>();
    T result = Await.result(operation.apply(events::add));
    events.forEach(runtime::audit);
    return result;
  }

  /** A change to an existing account: looked up first, a message and exit status 1 without one. */
  abstract static class OnAccount extends OperatorCommand {

    @Override
    final int run(CliRuntime runtime) {
      Optional<Account> account = account(runtime, email);
      return account.isEmpty() ? 1 : run(runtime, new AccountTools(runtime), account.get());
    }

    abstract int run(CliRuntime runtime, AccountTools tools, Account account);
  }
}
