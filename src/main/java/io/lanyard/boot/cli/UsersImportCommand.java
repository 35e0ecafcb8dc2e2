package io.lanyard.boot.cli;

import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.Languages;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.partners.imports.AccountLinkMails;
import io.lanyard.partners.imports.ImportFileException;
import io.lanyard.partners.imports.RejectReport;
import io.lanyard.partners.imports.RowReader;
import io.lanyard.partners.imports.UserImport;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.services.mail.BuiltinTemplates;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailModes;
import io.lanyard.services.mail.Outbox;
import io.lanyard.services.mail.TemplateDirectory;
import io.lanyard.services.mail.TemplateRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code users import FILE --app NAME}: accounts from a CSV or JSON Lines file, in batches. Exit 0 when every row was imported
 * or skipped, 1 when some were rejected (see the report) or a batch failed, 2 when the file or the options are unusable.
 */
@Command(name = "import", description = "Import accounts from a CSV (with a header row) or JSON Lines file.",
  footer = {"  java -jar lanyard.jar users import attendees-2026.csv --app badges \\",
    "    --send-links"})
final class UsersImportCommand extends RuntimeCommand {

  @Parameters(paramLabel = "FILE", description = "The file: .csv, or .jsonl/.ndjson (see --format).")
  private Path file;

  @Option(names = "--app", required = true, paramLabel = "NAME", description = "The application the accounts come through.")
  private String app;

  @Option(names = "--send-links", description = "Queue the account-link mail of every pending account created.")
  private boolean sendLinks;

  @Option(names = "--update-profiles", description = "Merge the profile fields and language of existing accounts.")
  private boolean updateProfiles;

  @Option(names = "--report", paramLabel = "FILE", description = "Where rejected rows go (default: FILE.rejects.csv).")
  private Path reportFile;

  @Option(names = "--format", paramLabel = "csv|jsonl", description = "The file's format (default: from its extension).")
  private String format;

  @Option(names = "--batch-size", defaultValue = "1000", description = "Rows per transaction (default ${DEFAULT-VALUE}).")
  private int batchSize;

  private RowReader.Format rowFormat;
  private Path report;

  @Override
  void checkArguments() throws IOException, InterruptedException {
    if (batchSize < 1 || batchSize > 10_000) {
      throw refused("--batch-size: 1 to 10000");
    }
    if (!Files.isReadable(file)) {
      throw refused("cannot read " + file);
    }
    rowFormat = format();
    report = reportFile != null ? reportFile : file.resolveSibling(file.getFileName() + ".rejects.csv");
  }

  @Override
  int run(CliRuntime runtime) throws IOException, InterruptedException {
    Optional<Application> application = Await.result(new ApplicationRepository().findByName(runtime.pool(), app));
    if (application.isEmpty() || application.get().isRevoked()) {
      tell("no application named \"" + app + "\"" + (application.isPresent()
        ? " that is not revoked" : ""));
      return 1;
    }
    Optional<String> linkUrl = AccountLinkMails.linkUrl(application.get(), runtime.config().http().publicUrl());
    if (sendLinks && linkUrl.isEmpty()) {
      return MissingSetting.publicUrl("for --send-links: application " + app + " has no usable account-link URL of its "
        + "own, so the links lead to the hosted activation page (or: apps update " + app + " --link-url URL)").refuse(spec);
    }
    Optional<AccountLinkMails> linkMails = sendLinks ? Optional.of(linkMails(runtime, application.get(), linkUrl.get()))
      : Optional.empty();
    UserImport userImport = new UserImport(runtime.pool(), runtime.events(), application.get().id(), updateProfiles,
      linkMails, batchSize);
    ImportProgress progress = new ImportProgress(spec.commandLine().getErr(), Files.size(file), System.console() != null);
    Thread interrupted = new Thread(() -> spec.commandLine().getErr().println(
      "\nlanyard: interrupted; every batch written so far is kept: run the same command again to import the rest"));
    Runtime.getRuntime().addShutdownHook(interrupted);
    UserImport.Summary summary;
    try (RowReader reader = RowReader.open(file, rowFormat); RejectReport rejects = new RejectReport(report)) {
      summary = userImport.run(reader, rejects, progress);
    } catch (ImportFileException e) {
      tell("" + file + ": " + e.getMessage() + "; nothing was imported");
      return 2;
    } catch (CharacterCodingException e) {
      tell("" + file + " is not UTF-8 text (save it as UTF-8); the batches written "
        + "before the bad bytes are kept: fix the file and run the same command again");
      return 1;
    } finally {
      Runtime.getRuntime().removeShutdownHook(interrupted);
      progress.done();
    }
    print(summary, report);
    if (summary.failure().isPresent()) {
      tell("" + summary.failure().get().getMessage()
        + "; the batches written before it are kept: run the same command again to import the rest");
      return 1;
    }
    return summary.rejected() > 0 ? 1 : 0;
  }

  private RowReader.Format format() {
    if (format == null) {
      return RowReader.Format.of(file);
    }
    return switch (format.toLowerCase(Locale.ROOT)) {
      case "csv" -> RowReader.Format.CSV;
      case "jsonl", "ndjson" -> RowReader.Format.JSONL;
      default -> throw refused("--format: csv or jsonl");
    };
  }

  /** Checked before any row is read: an application that cannot make links stops the import at once. */
  private AccountLinkMails linkMails(CliRuntime runtime, Application application, String linkUrl) {
    TemplateRepository repository = new TemplateRepository();
    TemplateDirectory directory = new TemplateDirectory(
      new LiveCopy<>("mail templates", () -> TemplateDirectory.load(repository, runtime.pool())),
      runtime.config().mail().builtinTemplates() ? Optional.of(BuiltinTemplates.load()) : Optional.empty());
    Map<String, CompiledMail> templates = new HashMap<>();
    for (String language : Languages.SUPPORTED) {
      Await.result(directory.find(application.id(), application.name(), MailKind.ACCOUNT_LINK, language))
        .ifPresent(template -> templates.put(language, template));
    }
    AccountLinkMails.problem(templates).ifPresent(problem -> {
      throw refused("--send-links: " + problem);
    });
    Outbox outbox = new Outbox(runtime.vertx(), runtime.config().mail().messageIdDomain(),
      MailModes.suppression(runtime.config().mail(), runtime.syntheticAddresses()));
    return new AccountLinkMails(application, linkUrl, templates, new AccountLinkRepository(), outbox, runtime.config().links().ttl());
  }

  private void print(UserImport.Summary summary, Path report) {
    PrintWriter out = out();
    double seconds = Math.max(summary.took().toMillis(), 1) / 1000.0;
    out.println("rows\t" + summary.rows());
    out.println("created\t" + summary.created() + "\t(active " + summary.active() + ", pending " + summary.pending() + ")");
    out.println("skipped\t" + summary.skipped() + "\t(address already has an account)");
    out.println("updated\t" + summary.updated());
    out.println("rejected\t" + summary.rejected() + "\t(" + report + ")");
    long heldBack = sendLinks ? summary.pending() - summary.linked() : 0;
    out.println("links\t" + summary.linked() + (heldBack > 0
      ? "\t(" + heldBack + " held back: the address had all the mail mail.perRecipient allows)" : ""));
    out.println(String.format(Locale.ROOT, "seconds\t%.2f", seconds));
    out.println("rows_per_second\t" + Math.round(summary.rows() / seconds));
  }
}
