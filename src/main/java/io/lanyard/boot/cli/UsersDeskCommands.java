package io.lanyard.boot.cli;

import io.lanyard.helpdesk.EndSessions;
import io.lanyard.helpdesk.SearchAccounts;
import io.lanyard.helpdesk.SearchRequest;
import io.lanyard.helpdesk.UnlockLogin;
import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.AccountSearch;
import io.lanyard.model.accounts.LockState;
import io.lanyard.model.accounts.LoginLockout;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.services.session.RevocationList;
import io.lanyard.services.session.Sessions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;

/** The help desk's search for an account, and the lifting of a login lockout (the operations of {@code helpdesk}). */
final class UsersDeskCommands {

  private static final int MAX_OPERATOR = 64;

  private UsersDeskCommands() {
  }

  /** {@code users search TEXT [--limit N] [--page N]}: accounts whose address or name contains the text, newest first. */
  @Command(name = "search", description = "Find accounts by any part of an address, first or last name (case and accents aside), "
    + "newest first: id, email, status, firstname, lastname, created.",
    footer = "  java -jar lanyard.jar users search helene --limit 20 --page 2")
  static final class Search implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "TEXT", description = "Part of an address or a name: 3 to 254 characters, % and _ as typed.")
    private String text;

    @Option(names = "--limit", defaultValue = "" + SearchRequest.DEFAULT_LIMIT, paramLabel = "N",
      description = "Accounts per page, 1 to " + SearchRequest.MAX_LIMIT + " (default ${DEFAULT-VALUE}).")
    private int limit;

    @Option(names = "--page", defaultValue = "1", paramLabel = "N", description = "Which page, 1 for the newest (default ${DEFAULT-VALUE}).")
    private int page;

    @Override
    public Integer call() {
      SearchRequest request = new SearchRequest(text, limit, page);
      List<String> problems = request.problems();
      if (!problems.isEmpty()) {
        throw new ParameterException(spec.commandLine(), String.join("; ", problems));
      }
      try (CliRuntime runtime = CliRuntime.open(spec)) {
        List<AccountSearch.Found> found = Await.result(new SearchAccounts(runtime.pool(), new AccountSearch()).handle(request));
        PrintWriter out = spec.commandLine().getOut();
        out.println("id\temail\tstatus\tfirstname\tlastname\tcreated_at");
        for (AccountSearch.Found account : found) {
          out.println(String.join("\t", account.id(), account.email(), account.status().wireName(), cell(account.firstname()),
            cell(account.lastname()), account.createdAt().toInstant().toString()));
        }
        if (found.isEmpty()) {
          spec.commandLine().getErr().println("lanyard: no account " + (page > 1 ? "on that page" : "matches"));
        }
        return 0;
      }
    }

    /** A name as one cell: the profile is the person's own text, which may hold tabs or line breaks. */
    private static String cell(String name) {
      return name.isEmpty() ? "-" : name.replaceAll("\\p{Cntrl}", " ");
    }
  }

  /**
   * {@code users unlock EMAIL}: forgets the identifier's failed logins and ends its lock, on every instance. The lockout counts
   * names without an account too, so the command answers alike for both: the lockout as it was.
   */
  @Command(name = "unlock", description = "Lift the login lockout of an address: its failures are forgotten, its lock ends.",
    footer = "  java -jar lanyard.jar users unlock ann@example.com")
  static final class Unlock implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "EMAIL", description = "The login name (an e-mail address), with or without an account.")
    private String email;

    @Option(names = "--operator", defaultValue = "${sys:user.name}", paramLabel = "NAME",
      description = "Who is unlocking, for the audit trail (default: your login name, ${DEFAULT-VALUE}).")
    private String operator;

    @Override
    public Integer call() {
      if (email.isBlank() || email.length() > 254) {
        throw new ParameterException(spec.commandLine(), "EMAIL: 1 to 254 characters");
      }
      if (operator == null || operator.isBlank() || operator.length() > MAX_OPERATOR
        || operator.codePoints().anyMatch(Character::isISOControl)) {
        throw new ParameterException(spec.commandLine(), "--operator: 1 to " + MAX_OPERATOR + " characters, no control characters");
      }
      try (CliRuntime runtime = CliRuntime.open(spec)) {
        // the operation records from an event loop, where the CLI's immediate write would block: written once it is done
        List<AuditEvent> events = new CopyOnWriteArrayList<>();
        UnlockLogin unlock = new UnlockLogin(runtime.pool(), LoginLockout.of(runtime.config().security().lockout()),
          new AccountRepository(), events::add);
        LockState before = Await.result(unlock.handle(email, RequestOrigin.CLI, "operator " + operator.strip()));
        events.forEach(runtime::audit);
        PrintWriter out = spec.commandLine().getOut();
        out.println("unlocked\t" + (before.isLocked() ? "yes" : "no (it was not locked)"));
        out.println("failuresForgotten\t" + before.failures());
        return 0;
      }
    }
  }

  /**
   * {@code users end-sessions EMAIL}: every token of the account is refused at once on every instance, its single sign-on
   * sessions end with them; the account is unchanged. Prints the account's id.
   */
  @Command(name = "end-sessions", description = "End every session of an account (its tokens, its signed-in browsers); "
    + "it logs in again as usual.",
    footer = "  java -jar lanyard.jar users end-sessions ann@example.com")
  static final class EndAllSessions extends OperatorCommand {

    @Override
    int run(CliRuntime runtime) {
      String actor = actor();
      Optional<Account> account = UsersHelpDeskCommands.find(spec, new AccountTools(runtime), runtime, email);
      if (account.isEmpty()) {
        return 1;
      }
      Sessions sessions = new Sessions(runtime.pool(), new RevocationList(), Sessions.Limits.of(runtime.config()));
      audited(runtime, audit -> new EndSessions(sessions, audit).handle(account.get().id(), actor, RequestOrigin.CLI));
      spec.commandLine().getOut().println(account.get().id());
      return 0;
    }
  }

  /** The lock state's lines of {@code users show}: locked until when, and the failures that count. */
  static void printLockState(PrintWriter out, LockState state) {
    out.println("lockedUntil\t" + state.lockedUntil().map(Object::toString).orElse("-"));
    out.println("loginFailures\t" + state.failures());
  }
}
