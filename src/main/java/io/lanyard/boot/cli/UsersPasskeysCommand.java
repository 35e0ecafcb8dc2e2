package io.lanyard.boot.cli;

import io.lanyard.helpdesk.RemovePasskey;
import io.lanyard.model.accounts.Account;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.passkeys.Passkey;
import io.lanyard.model.passkeys.PasskeyRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** {@code users passkeys EMAIL}: a person's passkeys, for the help desk; {@code users passkeys remove EMAIL ID} removes one. */
@Command(name = "passkeys", description = "List a person's passkeys: id, name, transports, created, last used.",
  footer = {"  java -jar lanyard.jar users passkeys ann@example.com",
    "  java -jar lanyard.jar users passkeys remove ann@example.com WQlv0bwT…"},
  subcommands = UsersPasskeysCommand.Remove.class)
final class UsersPasskeysCommand extends RuntimeCommand {

  // optional for picocli, so that "users passkeys remove ..." does not ask for the list's address too
  @Parameters(paramLabel = "EMAIL", arity = "0..1", description = "The account's e-mail address.")
  private String email;

  @Override
  int run(CliRuntime runtime) {
    if (email == null) {
      throw refused("Missing required parameter: 'EMAIL'");
    }
    Optional<Account> account = account(runtime, email);
    if (account.isEmpty()) {
      return 1;
    }
    List<Passkey> passkeys = Await.result(new PasskeyRepository().list(runtime.pool(), account.get().id()));
    PrintWriter out = out();
    out.println("id\tname\ttransports\tcreated_at\tlast_used_at");
    for (Passkey passkey : passkeys) {
      out.println(String.join("\t", passkey.id(), passkey.name().replaceAll("\\p{Cntrl}", " "),
        passkey.transports().isEmpty() ? "-" : String.join(",", passkey.transports()),
        passkey.createdAt().toInstant().toString(),
        passkey.lastUsedAt() == null ? "-" : passkey.lastUsedAt().toInstant().toString()));
    }
    if (passkeys.isEmpty()) {
      tell("this account has no passkey");
    }
    return 0;
  }

  @Command(name = "remove", description = "Remove one of a person's passkeys: it signs in nobody from then on. Recorded in "
    + "the audit trail.",
    footer = "  java -jar lanyard.jar users passkeys remove ann@example.com WQlv0bwT…")
  static final class Remove extends ExistingAccountCommand {

    @Parameters(index = "1", paramLabel = "ID", description = "The passkey's id, as `users passkeys EMAIL` lists it.")
    private String passkeyId;

    @Mixin
    private OperatorOption operator;

    @Override
    void checkArguments() {
      operator.check();
    }

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      // the operation records from an event loop, where the CLI's immediate write would block: written once it is done
      List<AuditEvent> events = new CopyOnWriteArrayList<>();
      boolean removed = Await.result(new RemovePasskey(runtime.pool(), new PasskeyRepository(), events::add)
        .handle(account.id(), passkeyId, RequestOrigin.CLI, operator.actor()));
      events.forEach(runtime::audit);
      if (!removed) {
        tell("this account has no passkey of that id");
        return 1;
      }
      out().println("Removed passkey " + passkeyId);
      return 0;
    }
  }
}
