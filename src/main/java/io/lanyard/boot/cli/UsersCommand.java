package io.lanyard.boot.cli;

import io.lanyard.helpdesk.DisableAccount;
import io.lanyard.helpdesk.EnableAccount;
import io.lanyard.model.accounts.Credentials;
import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.NewUser;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.model.passwords.Passwords;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.session.RevocationList;
import io.lanyard.services.session.Sessions;
import io.vertx.core.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.Optional;

/** {@code users}: accounts, managed by the operator. */
@Command(name = "users", description = "Manage user accounts.",
  footer = {"  java -jar lanyard.jar users create --email ann@example.com \\",
    "    --password-stdin < password.txt"},
  subcommands = {UsersCommand.Create.class, UsersCommand.Disable.class, UsersCommand.Enable.class,
    UsersHelpDeskCommands.SetPassword.class, UsersHelpDeskCommands.SendReset.class, UsersHelpDeskCommands.Delete.class,
    UsersLookupCommands.Show.class, UsersLookupCommands.ListUsers.class, UsersLookupCommands.Export.class,
    UsersDeskCommands.Search.class, UsersDeskCommands.Unlock.class, UsersPasskeysCommand.class, UsersDeskCommands.EndAllSessions.class,
    UsersDeskCommands.CorrectAccountAddress.class, UsersImportCommand.class, UsersSeedCommand.class, UsersPurgeCommand.class})
final class UsersCommand {

  private static final String DEFAULT_LANGUAGE = "eng-GB";

  /** {@code users create --email E --password P}: an active account, ready to log in; prints its id. */
  @Command(name = "create", description = "Create an active account, ready to log in, and print its id.",
    footer = {"  java -jar lanyard.jar users create --email ann@example.com \\",
      "    --password-stdin < password.txt"})
  static final class Create extends RuntimeCommand {

    @Option(names = "--email", required = true, paramLabel = "EMAIL",
      description = "The account's e-mail address (its login).")
    private String email;

    @Option(names = "--password", paramLabel = "PASSWORD",
      description = "The password (8 characters to 72 bytes). Prefer --password-stdin.")
    private String password;

    @Option(names = "--password-stdin", description = "Read the password from the first line of standard input.")
    private boolean passwordFromStdin;

    @Option(names = "--language", defaultValue = DEFAULT_LANGUAGE, paramLabel = "LANGUAGE",
      description = "fre-FR or eng-GB (default ${DEFAULT-VALUE}).")
    private String language;

    private String address;
    private String secret;
    private Optional<String> problem;

    @Override
    void checkArguments() throws IOException {
      address = Emails.normalise(email);
      if (!Emails.isValid(address)) {
        throw refused("--email: not a valid e-mail address");
      }
      secret = PasswordOptions.read(spec, password, passwordFromStdin);
      problem = Passwords.problem(secret);
      if (problem.isPresent()) {
        throw refused("password refused: " + problem.get().replace('_', ' ')
          + " (8 characters to 72 UTF-8 bytes)");
      }
      if (!language.equals("fre-FR") && !language.equals("eng-GB")) {
        throw refused("--language: fre-FR or eng-GB");
      }
    }

    @Override
    int run(CliRuntime runtime) throws IOException {
      PasswordHasher hasher = Await.result(PasswordHasher.create(runtime.vertx(), runtime.config().security().bcryptCost(), 1,
        runtime.config().security().hashQueueBudget()));
      String hash = Await.result(hasher.hash(secret, PasswordHasher.OPERATOR));
      UserEvents events = runtime.events();
      Optional<String> id = Await.result(runtime.pool().withTransaction(tx -> runtime.users()
        .insertIfAbsent(tx, NewUser.active(address, hash, language))
        .compose(created -> created.isEmpty() ? Future.succeededFuture(created)
          : events.record(tx, UserEvent.created(created.get(), null, UserStatus.ACTIVE)).map(created))));
      if (id.isEmpty()) {
        tell("an account with that e-mail address already exists");
        return 1;
      }
      out().println(id.get());
      return 0;
    }
  }

  /**
   * {@code users disable EMAIL}: the account can no longer log in, and every token it holds is refused at once on every running
   * instance (a session cut-off, announced by NOTIFY). Prints the account's id.
   */
  @Command(name = "disable", description = "Disable an account: no more logins, and every open session ends at once.",
    footer = "  java -jar lanyard.jar users disable ann@example.com")
  static final class Disable extends OperatorCommand {

    @Override
    int run(CliRuntime runtime) {
      Sessions sessions = new Sessions(runtime.pool(), new RevocationList(), Sessions.Limits.of(runtime.config()));
      String actor = actor();
      Optional<String> id = audited(runtime, audit -> new DisableAccount(runtime.pool(), runtime.users(), runtime.events(),
        sessions, audit).handle(email, actor, RequestOrigin.CLI));
      if (id.isEmpty()) {
        tell("no account has that e-mail address");
        return 1;
      }
      out().println(id.get());
      return 0;
    }
  }

  /**
   * {@code users enable EMAIL}: a disabled account may log in again (sessions ended by the disable stay ended); one that never
   * set its password goes back to pending. Prints the account's id.
   */
  @Command(name = "enable", description = "Enable a disabled account: it may log in again.",
    footer = "  java -jar lanyard.jar users enable ann@example.com")
  static final class Enable extends OperatorCommand {

    @Override
    int run(CliRuntime runtime) {
      UserRepository users = runtime.users();
      String address = Emails.normalise(email);
      String actor = actor();
      Optional<String> id = audited(runtime, audit -> new EnableAccount(runtime.pool(), users, audit)
        .handle(address, actor, RequestOrigin.CLI));
      if (id.isPresent()) {
        out().println(id.get());
        return 0;
      }
      Optional<Credentials> existing = Await.result(users.findCredentials(runtime.pool(), address));
      if (existing.isPresent()) {
        // Nothing to do is not a failure: the account is already enabled, as asked.
        tell("that account is not disabled (" + existing.get().status().wireName() + ")");
        out().println(existing.get().userId());
        return 0;
      }
      tell("no account has that e-mail address");
      return 1;
    }
  }
}
