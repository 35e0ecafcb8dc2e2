package io.lanyard.boot.cli;

import io.lanyard.helpdesk.CorrectAddress;
import io.lanyard.helpdesk.EndSessions;
import io.lanyard.helpdesk.SearchRequest;
import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountSearch;
import io.lanyard.model.accounts.LockState;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.services.session.RevocationList;
import io.lanyard.services.session.Sessions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The help desk's search for an account, the lifting of a login lockout, the end of its sessions and the correction of its
 * address (the operations of {@code helpdesk}).
 */
final class UsersDeskCommands {

  private UsersDeskCommands() {
  }

  /** {@code users search TEXT [--limit N] [--page N]}: accounts whose address or name contains the text, newest first. */
  @Command(name = "search", description = "Find accounts by any part of an address, first or last name (case and accents aside), "
    + "newest first: id, email, status, firstname, lastname, created.",
    footer = "  java -jar lanyard.jar users search helene --limit 20 --page 2")
  static final class Search extends RuntimeCommand {

    @Parameters(paramLabel = "TEXT", description = "Part of an address or a name: 3 to 254 characters, % and _ as typed.")
    private String text;

    @Option(names = "--limit", defaultValue = "" + SearchRequest.DEFAULT_LIMIT, paramLabel = "N",
      description = "Accounts per page, 1 to " + SearchRequest.MAX_LIMIT + " (default ${DEFAULT-VALUE}).")
    private int limit;

    @Option(names = "--page", defaultValue = "1", paramLabel = "N", description = "Which page, 1 for the newest (default ${DEFAULT-VALUE}).")
    private int page;

    private SearchRequest request;

    @Override
    void checkArguments() {
      request = new SearchRequest(text, limit, page);
      List<String> problems = request.problems();
      if (!problems.isEmpty()) {
        throw refused(String.join("; ", problems));
      }
    }

    @Override
    int run(CliRuntime runtime) {
      List<AccountSearch.Found> found = Await.result(runtime.helpDesk(AuditTrail.NONE).search().handle(request));
      PrintWriter out = out();
      out.println("id\temail\tstatus\tfirstname\tlastname\tcreated_at");
      for (AccountSearch.Found account : found) {
        out.println(String.join("\t", account.id(), account.email(), account.status().wireName(), cell(account.firstname()),
          cell(account.lastname()), account.createdAt().toInstant().toString()));
      }
      if (found.isEmpty()) {
        tell("no account " + (page > 1 ? "on that page" : "matches"));
      }
      return 0;
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
  static final class Unlock extends RuntimeCommand {

    @Parameters(paramLabel = "EMAIL", description = "The login name (an e-mail address), with or without an account.")
    private String email;

    @Mixin
    private OperatorOption operator;

    @Override
    void checkArguments() {
      if (email.isBlank() || email.length() > 254) {
        throw refused("EMAIL: 1 to 254 characters");
      }
      operator.check();
    }

    @Override
    int run(CliRuntime runtime) {
      // the operation records from an event loop, where the CLI's immediate write would block: written once it is done
      List<AuditEvent> events = new CopyOnWriteArrayList<>();
      LockState before = Await.result(runtime.helpDesk(events::add).unlock().handle(email, RequestOrigin.CLI,
        operator.actor()));
      events.forEach(runtime::audit);
      PrintWriter out = out();
      out.println("unlocked\t" + (before.isLocked() ? "yes" : "no (it was not locked)"));
      out.println("failuresForgotten\t" + before.failures());
      return 0;
    }
  }

  /**
   * {@code users end-sessions EMAIL}: every token of the account is refused at once on every instance, its single sign-on
   * sessions end with them; the account is unchanged. Prints the account's id.
   */
  @Command(name = "end-sessions", description = "End every session of an account (its tokens, its signed-in browsers); "
    + "it logs in again as usual.",
    footer = "  java -jar lanyard.jar users end-sessions ann@example.com")
  static final class EndAllSessions extends OperatorCommand.OnAccount {

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      String actor = actor();
      Sessions sessions = new Sessions(runtime.pool(), new RevocationList(), Sessions.Limits.of(runtime.config()));
      audited(runtime, audit -> new EndSessions(sessions, audit).handle(account.id(), actor, RequestOrigin.CLI));
      out().println(account.id());
      return 0;
    }
  }

  /**
   * {@code users correct-address EMAIL NEW_EMAIL}: what {@code requestEmailChange} does once the password is checked. The new
   * address gets a confirmation link (or, when another account has it, a notice, with the same answer here); EMAIL stays the
   * account's address until the link is followed. Neither the link nor its token is printed.
   */
  @Command(name = "correct-address", description = "Correct a mistyped address: the new address gets a confirmation link; "
    + "the old one stays in force until it is followed.",
    footer = "  java -jar lanyard.jar users correct-address ann@exmaple.com ann@example.com")
  static final class CorrectAccountAddress extends OperatorCommand.OnAccount {

    @Parameters(index = "1", paramLabel = "NEW_EMAIL", description = "The address the account should have.")
    private String newEmail;

    @Override
    void checkArguments() throws Exception {
      if (CorrectAddress.address(newEmail).isEmpty()) {
        throw refused("NEW_EMAIL: not an e-mail address");
      }
      super.checkArguments();
    }

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      CorrectAddress.Outcome outcome = audited(runtime, audit -> new CorrectAddress(tools.emailChanges::sendFor, audit)
        .handle(account.id(), account.email(), newEmail, actor(), RequestOrigin.CLI));
      switch (outcome) {
        case QUEUED -> out().println("Confirmation link queued for the new address of account " + account.id());
        case UNCHANGED -> tell("that is already the account's address: nothing sent");
        default -> tell("not sent: the account's application has no usable e-mail-change URL or template (nor is "
          + "http.publicUrl set)");
      }
      return outcome == CorrectAddress.Outcome.QUEUED ? 0 : 1;
    }
  }

  /** The lock state's lines of {@code users show}: locked until when, and the failures that count. */
  static void printLockState(PrintWriter out, LockState state) {
    out.println("lockedUntil\t" + state.lockedUntil().map(Object::toString).orElse("-"));
    out.println("loginFailures\t" + state.failures());
  }
}
