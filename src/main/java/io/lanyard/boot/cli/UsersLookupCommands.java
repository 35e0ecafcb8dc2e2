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
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The help desk's views of accounts: one account, a list, an export. None shows a hash or a token. */
final class UsersLookupCommands {

  private static final int MAX_LIMIT = 10_000;

  private UsersLookupCommands() {
  }

  /** {@code users show EMAIL}: the account, its origin and the last mails sent about it, one {@code key<TAB>value} a line. */
  @Command(name = "show", description = "Show an account: state, origin, profile, lockout, recent mails.",
    footer = "  java -jar lanyard.jar users show ann@example.com")
  static final class Show extends ExistingAccountCommand {

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      JsonObject export = Await.result(tools.export.of(account.id())).orElseThrow();
      PrintWriter out = out();
      export.getJsonObject("account").forEach(field -> out.println(field.getKey() + "\t" + field.getValue()));
      JsonObject origin = export.getJsonObject("origin");
      out.println("fromSalon\t" + origin.getString("fromSalon"));
      out.println("fromSessionSalon\t" + origin.getString("fromSessionSalon"));
      JsonObject application = origin.getJsonObject("application");
      out.println("application\t" + (application == null ? "-" : application.getString("name")));
      out.println("profileData\t" + export.getJsonObject("profileData").encode());
      UsersDeskCommands.printLockState(out, Await.result(LoginLockout.of(runtime.config().security().lockout())
        .state(runtime.pool(), account.email())));
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
  static final class Export extends OperatorCommand.OnAccount {

    @Override
    int run(CliRuntime runtime, AccountTools tools, Account account) {
      JsonObject export = audited(runtime, audit -> new ExportAccount(tools.export::of, audit)
        .handle(account.id(), actor(), RequestOrigin.CLI)).orElseThrow();
      out().println(export.encodePrettily());
      return 0;
    }
  }

  /** {@code users list [--status S] [--salon X] [--created-after T] [--limit N]}: newest first, one account a line. */
  @Command(name = "list", description = "List accounts, newest first: id, email, status, language, salon, created.",
    footer = "  java -jar lanyard.jar users list --status pending --limit 20")
  static final class ListUsers extends RuntimeCommand {

    @Option(names = "--status", paramLabel = "STATUS", description = "pending, active, disabled or deleted (default: all but deleted).")
    private String status;

    @Option(names = "--salon", paramLabel = "SLUG", description = "Only accounts created for this fair (fromSalon).")
    private String salon;

    @Option(names = "--created-after", paramLabel = "WHEN", description = "A date (2026-05-01) or an instant (2026-05-01T08:00:00Z).")
    private String createdAfter;

    @Option(names = "--limit", defaultValue = "100", paramLabel = "N", description = "At most this many (default ${DEFAULT-VALUE}).")
    private int limit;

    private AccountRepository.Filter filter;

    @Override
    void checkArguments() {
      filter = new AccountRepository.Filter(parseStatus(), Optional.ofNullable(salon),
        Optional.ofNullable(createdAfter).map(this::parseInstant), checkedLimit());
    }

    @Override
    int run(CliRuntime runtime) {
      PrintWriter out = out();
      out.println("id\temail\tstatus\tlanguage\tsalon\tcreated_at");
      for (AccountRepository.Listed listed : Await.result(new AccountRepository().list(runtime.pool(), filter))) {
        Account account = listed.account();
        out.println(String.join("\t", account.id(), String.valueOf(account.email()), account.status().wireName(),
          String.valueOf(account.language()), account.fromSalon().orElse("-"), listed.createdAt().toInstant().toString()));
      }
      return 0;
    }

    private Optional<UserStatus> parseStatus() {
      if (status == null) {
        return Optional.empty();
      }
      return Arrays.stream(UserStatus.values()).filter(value -> value.wireName().equals(status.toLowerCase(Locale.ROOT)))
        .findFirst().or(() -> {
          throw refused("--status: pending, active, disabled or deleted");
        });
    }

    private OffsetDateTime parseInstant(String text) {
      try {
        return text.contains("T") ? OffsetDateTime.parse(text) : LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
      } catch (DateTimeParseException e) {
        throw refused("--created-after: a date (2026-05-01) or an instant (2026-05-01T08:00:00Z)");
      }
    }

    private int checkedLimit() {
      if (limit < 1 || limit > MAX_LIMIT) {
        throw refused("--limit: 1 to " + MAX_LIMIT);
      }
      return limit;
    }
  }
}
