package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.signin.oidc.Consents;
import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/** {@code consents}: what a person allowed OpenID Connect clients (not first-party) to have, for the help desk. */
@Command(name = "consents", description = "List or take back the consents a person gave OpenID Connect clients.",
  footer = "  java -jar lanyard.jar consents list ann@example.com",
  subcommands = {ConsentsCommand.ListConsents.class, ConsentsCommand.Revoke.class})
final class ConsentsCommand {

  private ConsentsCommand() {
  }

  @Command(name = "list", description = "One consent a line: client id, then its scopes.",
    footer = "  java -jar lanyard.jar consents list ann@example.com")
  static final class ListConsents extends ExistingAccountCommand {

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      JsonObject listed = Await.result(new Consents(runtime::audit).list(runtime.pool(), account.id()));
      PrintWriter out = out();
      listed.getJsonArray("consents").forEach(consent -> out.println(((JsonObject) consent).getString("clientId") + "\t"
        + String.join(" ", ((JsonObject) consent).getJsonArray("scopes").getList())));
      return 0;
    }
  }

  @Command(name = "revoke", description = "Take back a consent (every one without --client): the client asks again at its "
    + "next sign-in. Recorded in the audit trail.",
    footer = "  java -jar lanyard.jar consents revoke ann@example.com --client 6f1c…")
  static final class Revoke extends ExistingAccountCommand {

    @Option(names = "--client", paramLabel = "CLIENT_ID", description = "Only this client's consent.")
    private String clientId;

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      List<String> revoked = Await.result(new Consents(runtime::audit).revoke(runtime.pool(), account.id(),
        Optional.ofNullable(clientId), RequestOrigin.CLI));
      out().println("Revoked " + revoked.size() + " consent(s)");
      return 0;
    }
  }
}
