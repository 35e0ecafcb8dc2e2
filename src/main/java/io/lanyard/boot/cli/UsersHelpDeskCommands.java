package io.lanyard.boot.cli;

import io.lanyard.helpdesk.EraseAccount;
import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.Languages;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.model.passwords.Passwords;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.session.SessionCutoff;
import io.vertx.core.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The help desk's changes to an account: a new password, a reset link sent, an erasure. */
final class UsersHelpDeskCommands {

  private UsersHelpDeskCommands() {
  }

  /**
   * {@code users set-password EMAIL}: the password is read from a prompt (twice) or, without a terminal, from the first line of
   * standard input; never from the command line, where {@code ps} and shell histories would keep it. Every session ends, the
   * lockout is lifted, a {@code password_changed} notice goes out; a pending account becomes active.
   */
  @Command(name = "set-password", description = "Set an account's password (read from a prompt or standard input).",
    footer = "  java -jar lanyard.jar users set-password ann@example.com < password.txt")
  static final class SetPassword extends ExistingAccountCommand {

    private String password;

    @Override
    void checkArguments() throws IOException {
      password = readPassword();
      Optional<String> problem = Passwords.problem(password);
      if (problem.isPresent()) {
        throw refused("password refused: " + problem.get().replace('_', ' ') + " (8 characters to 72 UTF-8 bytes)");
      }
    }

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      if (account.status() == UserStatus.DISABLED) {
        tell("that account is disabled (users enable it first)");
        return 1;
      }
      String hash = Await.result(AccountTools.hasher(runtime).hash(password, PasswordHasher.OPERATOR));
      String userId = account.id();
      boolean pending = account.status() == UserStatus.PENDING;
      SessionCutoff cutoff = Await.result(runtime.pool().withTransaction(tx ->
        (pending ? tools.users.activate(tx, userId, hash) : tools.users.setPasswordHash(tx, userId, hash))
          .compose(set -> !set ? Future.failedFuture(new IllegalStateException("the account changed meanwhile; nothing was set"))
            : pending ? runtime.events().record(tx, UserEvent.activated(userId)) : Future.succeededFuture())
          .compose(activated -> tools.passwordChange.follow(tx, userId, Optional.empty()))));
      tools.passwordChange.committed(cutoff);
      runtime.audit(AuditEvent.of(AuditKind.PASSWORD_CHANGED, RequestOrigin.CLI).withUser(userId));
      out().println(userId);
      return 0;
    }

    private String readPassword() throws IOException {
      Console console = System.console();
      if (console != null) {
        char[] first = console.readPassword("New password: ");
        char[] again = console.readPassword("Again: ");
        if (first == null || again == null || !new String(first).equals(new String(again))) {
          throw refused("the two passwords differ");
        }
        return new String(first);
      }
      String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      return line == null ? "" : line;
    }
  }

  /**
   * {@code users send-reset EMAIL [--app NAME] [--language L]}: what {@code requestPasswordReset} sends, on behalf of the
   * account's own application (or the one named).
   */
  @Command(name = "send-reset", description = "Send an account a password-reset link (a pending one its account link).",
    footer = "  java -jar lanyard.jar users send-reset ann@example.com --app badges")
  static final class SendReset extends ExistingAccountCommand {

    @Option(names = "--app", paramLabel = "NAME", description = "The application whose reset URL and templates to use (default: the account's).")
    private String app;

    @Option(names = "--language", paramLabel = "LANGUAGE", description = "fre-FR or eng-GB (default: the account's).")
    private String language;

    @Override
    void checkArguments() {
      if (language != null && !Languages.isSupported(language)) {
        throw refused("--language: fre-FR or eng-GB");
      }
    }

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      Optional<Application> application = app != null
        ? Await.result(tools.applicationRepository.findByName(runtime.pool(), app))
        : account.applicationId().flatMap(id -> Await.result(tools.applicationRepository.listAll(runtime.pool()))
          .stream().map(ApplicationRepository.Stored::application).filter(candidate -> candidate.id().equals(id)).findFirst());
      if (application.isEmpty()) {
        tell("no application to send for: name one with --app");
        return 1;
      }
      Result result = Await.result(tools.resets.sendFor(application.get(), account.email(), Optional.ofNullable(language)));
      if (result.status() == StatusCode.LINK_URL_MISCONFIGURED) {
        // 124 only when the application has no URL of that kind and there are no hosted pages; it comes before any write
        return MissingSetting.publicUrl("for the hosted page the link leads to, as application " + application.get().name()
          + " has no usable URL of its own for it (apps update " + application.get().name() + " --reset-url or --link-url)")
          .refuse(spec);
      }
      if (result.status() != StatusCode.SUCCESS) {
        tell("not sent (statusCode " + result.status().code() + ")");
        return 1;
      }
      runtime.audit(AuditEvent.of(AuditKind.PASSWORD_RESET_REQUESTED, RequestOrigin.CLI).withUser(account.id())
        .withIdentifier(account.email()).withApplication(application.get().id()));
      out().println("Queued for " + account.status().wireName() + " account " + account.id());
      return 0;
    }
  }

  /** {@code users delete EMAIL}: erases the account as {@code deleteAccount} does; prints its id. */
  @Command(name = "delete", description = "Erase an account: personal data, sessions, unsent mail (a last notice is sent).",
    footer = "  java -jar lanyard.jar users delete ann@example.com")
  static final class Delete extends OperatorCommand.OnAccount {

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      audited(runtime, audit -> new EraseAccount(tools.erasure::erase, audit).handle(account.id(), actor(),
        RequestOrigin.CLI));
      out().println(account.id());
      return 0;
    }
  }
}
