package io.lanyard.boot.cli;

import io.lanyard.helpdesk.ExportAccount;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.accounts.Account;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.LoginLockout;
import io.lanyard.model.accounts.UserStatus;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/** The help desk's views of accounts: one account, a list, an export. None shows a hash or a token. */
final class UsersLookupCommands {

  private static final int MAX_LIMIT = 10_000;

  private UsersLookupCommands() {
  }

  /** {@code users show EMAIL}: the account, its origin and the last mails sent about it, one {@code key<TAB>value} a line. */
  @Command(name = "show", description = "Show an account: state, origin, profile, lockout, recent mails.",
    footer = "  java -jar lanyard.jar users show ann@example.com")
  static final class Show extends AccountCommand {

    @Override
    int run(CliRuntime runtime) {
      AccountTools tools = new AccountTools(runtime);
      Optional<Account> account = UsersHelpDeskCommands.find(spec, tools, runtime, email);
      if (account.isEmpty()) {
        return 1;
      }
      JsonObject export = Await.result(tools.export.of(account.get().id())).orElseThrow();
      PrintWriter out = spec.commandLine().getOut();
      export.getJsonObject("account").forEach(field -> out.println(field.getKey() + "\t" + field.getValue()));
      JsonObject origin = export.getJsonObject("origin");
      out.println("fromSalon\t" + origin.getString("fromSalon"));
      out.println("fromSessionSalon\t" + origin.getString("fromSessionSalon"));
      JsonObject application = origin.getJsonObject("application");
      out.println("application\t" + (application == null ? "-" : application.getString("name")));
      out.println("profileData\t" + export.getJsonObject("profileData").encode());
      UsersDeskCommands.printLockState(out, Await.result(LoginLockout.of(runtime.config().security().lockout())
        .state(runtime.pool(), account.get().email())));
      JsonArray mails = export.getJsonArray("mails");
      for (int i = Math.max(0, mails.size() - 5); i < mails.size(); i++) {
        JsonObject mail = mails.getJsonObject(i);
        out.println("mail\t" + mail.getString("createdAt") + "\t" + mail.getString("kind") + "\t" + mail.getString("status"));
      }
      return 0;
    }
  }

  /** {@code users export EMAIL}: everything stored about the person, as JSON (what {@code exportData} answers). */
  @Command(name = "export", description = "Print everything stored about an account's owner, as JSON.",
    footer = "  java -jar lanyard.jar users export ann@example.com > ann.json")
  static final class Export extends OperatorCommand {

    @Override
    int run(CliRuntime runtime) {
      String actor = actor();
      AccountTools tools = new AccountTools(runtime);
      Optional<Account> account = UsersHelpDeskCommands.find(spec, tools, runtime, email);
      if (account.isEmpty()) {
        return 1;
      }
      JsonObject export = audited(runtime, audit -> new ExportAccount(tools.export::of, audit)
        .handle(account.get().id(), actor, RequestOrigin.CLI)).orElseThrow();
      spec.commandLine().getOut().println(export.encodePrettily());
      return 0;
    }
  }

  /** {@code users list [--status S] [--salon X] [--created-after T] [--limit N]}: newest first, one account a line. */
  @Command(name = "list", description = "List accounts, newest first: id, email, status, language, salon, created.",
    footer = "  java -jar lanyard.jar users list --status pending --limit 20")
  static final class ListUsers implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--status", paramLabel = "STATUS", description = "pending, active, disabled or deleted (default: all but deleted).")
    private String status;

    @Option(names = "--salon", paramLabel = "SLUG", description = "Only accounts created for this fair (fromSalon).")
    private String salon;

    @Option(names = "--created-after", paramLabel = "WHEN", description = "A date (2026-05-01) or an instant (2026-05-01T08:00:00Z).")
    private String createdAfter;

    @Option(names = "--limit", defaultValue = "100", paramLabel = "N", description = "At most this many (default ${DEFAULT-VALUE}).")
    private int limit;

    @Override
    public Integer call() {
      AccountRepository.Filter filter = new AccountRepository.Filter(parseStatus(), Optional.ofNullable(salon),
        Optional.ofNullable(createdAfter).map(this::parseInstant), checkedLimit());
      try (CliRuntime runtime = CliRuntime.open(spec)) {
        PrintWriter out = spec.commandLine().getOut();
        out.println("id\temail\tstatus\tlanguage\tsalon\tcreated_at");
        for (AccountRepository.Listed listed : Await.result(new AccountRepository().list(runtime.pool(), filter))) {
          Account account = listed.account();
          out.println(String.join("\t", account.id(), String.valueOf(account.email()), account.status().wireName(),
            String.valueOf(account.language()), account.fromSalon().orElse("-"), listed.createdAt().toInstant().toString()));
        }
        return 0;
      }
    }

    private Optional<UserStatus> parseStatus() {
      if (status == null) {
        return Optional.empty();
      }
      return Arrays.stream(UserStatus.values()).filter(value -> value.wireName().equals(status.toLowerCase(Locale.ROOT)))
        .findFirst().or(() -> {
          throw new ParameterException(spec.commandLine(), "--status: pending, active, disabled or deleted");
        });
    }

    private OffsetDateTime parseInstant(String text) {
      try {
        return text.contains("T") ? OffsetDateTime.parse(text) : LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
      } catch (DateTimeParseException e) {
        throw new ParameterException(spec.commandLine(), "--created-after: a date (2026-05-01) or an instant (2026-05-01T08:00:00Z)");
      }
    }

    private int checkedLimit() {
      if (limit < 1 || limit > MAX_LIMIT) {
        throw new ParameterException(spec.commandLine(), "--limit: 1 to " + MAX_LIMIT);
      }
      return limit;
    }
  }
}
