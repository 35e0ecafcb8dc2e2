package io.lanyard.boot.cli;

import io.lanyard.helpdesk.staff.StaffMember;
import io.lanyard.helpdesk.staff.StaffRole;
import io.lanyard.helpdesk.staff.StaffRoles;
import io.lanyard.model.api.RequestOrigin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/** {@code staff}: who may use the help desk's console, and with which role (docs/helpdesk.md#the-console). */
@Command(name = "staff", description = "Grant, revoke and list the help desk's console roles (desk, admin).",
  footer = "  java -jar lanyard.jar staff grant desk-7@fair.example --role desk",
  subcommands = {StaffCommand.Grant.class, StaffCommand.Revoke.class, StaffCommand.ListStaff.class})
final class StaffCommand {

  private StaffCommand() {
  }

  @Command(name = "grant", description = "Give an account a console role (replacing the one it has); it signs in at "
    + "/console/ with its own address and password. Prints the account's id.",
    footer = "  java -jar lanyard.jar staff grant desk-7@fair.example --role desk")
  static final class Grant extends OperatorCommand {

    @Option(names = "--role", required = true, paramLabel = "ROLE", description = "desk (answers visitors) or admin (may also erase).")
    private String role;

    @Override
    int run(CliRuntime runtime) {
      StaffRole chosen = StaffRole.fromWire(role)
        .orElseThrow(() -> new ParameterException(spec.commandLine(), "--role: desk or admin"));
      String actor = actor();
      Optional<String> id = audited(runtime, audit -> new StaffRoles(runtime.pool(), audit).grant(email, chosen, actor,
        RequestOrigin.CLI));
      if (id.isEmpty()) {
        tell("no account has that e-mail address");
        return 1;
      }
      out().println(id.get());
      return 0;
    }
  }

  @Command(name = "revoke", description = "Take an account's console role back: it loses the console at its next request.",
    footer = "  java -jar lanyard.jar staff revoke desk-7@fair.example")
  static final class Revoke extends OperatorCommand {

    @Override
    int run(CliRuntime runtime) {
      String actor = actor();
      Optional<StaffRole> revoked = audited(runtime, audit -> new StaffRoles(runtime.pool(), audit).revoke(email, actor,
        RequestOrigin.CLI));
      if (revoked.isEmpty()) {
        tell("that address is not staff");
        return 1;
      }
      out().println("revoked\t" + revoked.get().wireName());
      return 0;
    }
  }

  @Command(name = "list", description = "The staff, by address: id, email, role, the account's status, when and by whom granted.",
    footer = "  java -jar lanyard.jar staff list")
  static final class ListStaff extends RuntimeCommand {

    @Override
    int run(CliRuntime runtime) {
      List<StaffMember> members = Await.result(new StaffRoles(runtime.pool(), event -> { }).list());
      PrintWriter out = out();
      out.println("id\temail\trole\tstatus\tgranted_at\tgranted_by");
      members.forEach(member -> out.println(String.join("\t", member.userId(), member.email(), member.role().wireName(),
        member.status(), member.grantedAt().toString(), member.grantedBy())));
      if (members.isEmpty()) {
        tell("no staff yet (staff grant EMAIL --role desk)");
      }
      return 0;
    }
  }
}
