package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.Emails;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationRepository;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * A command that works with the CLI's runtime (configuration, database, Vert.x): its arguments checked first, the runtime open
 * while it runs, closed after, whatever happens; the command answers its exit status.
 */
abstract class RuntimeCommand implements Callable<Integer> {


  @Spec
  CommandSpec spec;

  @Override
  public final Integer call() throws Exception {
    checkArguments();
    try (CliRuntime runtime = CliRuntime.open(spec)) {
      return run(runtime);
    }
  }

  /**
   * Refuses bad arguments with {@link #refused} (exit status 2) before anything opens, and reads what must be read first (a
   * password from standard input). Nothing by default.
   */
  void checkArguments() throws Exception {
  }

  abstract int run(CliRuntime runtime) throws Exception;

  /** The refusal of an argument: picocli prints the message and the usage, and the command exits with status 2. */
  ParameterException refused(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /** The application of that name, or empty once the operator has been told there is none. */
  Optional<Application> application(CliRuntime runtime, String name) {
    Optional<Application> application = Await.result(new ApplicationRepository().findByName(runtime.pool(), name));
    if (application.isEmpty()) {
      tell("no application named \"" + name + "\"");
    }
    return application;
  }

  /** The account of that address, or empty once the operator has been told there is none. */
  Optional<Account> account(CliRuntime runtime, String email) {
    Optional<Account> account = Await.result(new AccountRepository().findByEmail(runtime.pool(), Emails.normalise(email)));
    if (account.isEmpty()) {
      tell("no account has that e-mail address");
    }
    return account;
  }

  /** A message for the operator, on standard error: {@code lanyard: } and the text. */
  void tell(String message) {
    spec.commandLine().getErr().println("lanyard: " + message);
  }
}
