package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.SyntheticAccountRepository;
import io.lanyard.model.accounts.SyntheticAddresses;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.model.passwords.Passwords;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.buffer.Buffer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * {@code users seed --synthetic --active N --pending M --password P --out FILE} (docs/decisions.md §10): accounts for a load test.
 * N active synthetic accounts sharing password P (hashed once, at the configured cost) and M pending ones, each with a link
 * whose token is written to FILE, a CSV {@code email,status,token} the load-test kit reads. Only the tokens' SHA-256 reach the
 * database, and no route ever reveals one. Addresses are {@code <prefix>a<n>@<domain>} and {@code <prefix>p<n>@<domain>}.
 */
@Command(name = "seed", description = "Prepare a load test: synthetic accounts, active and pending, and a CSV of them.",
  footer = {"  java -jar lanyard.jar users seed --synthetic --active 2000 --pending 2000 \\",
    "    --password-stdin --out users.csv < password.txt"})
final class UsersSeedCommand implements Callable<Integer> {

  private static final Pattern PREFIX = Pattern.compile("[a-z0-9][a-z0-9._-]{0,39}|");
  private static final int BATCH = 1000;

  @Spec
  private CommandSpec spec;

  // required: the flag says out loud that these accounts are a load test's, and nothing else can be seeded
  @Option(names = "--synthetic", required = true,
    description = "Required: only synthetic accounts (loadTest.domains) are seeded.")
  private boolean synthetic;

  @Option(names = "--active", defaultValue = "0", description = "Active accounts sharing --password (default 0).")
  private int active;

  @Option(names = "--pending", defaultValue = "0", description = "Pending accounts, each with an activation link (default 0).")
  private int pending;

  @Option(names = "--password", description = "The active accounts' password. Prefer --password-stdin.")
  private String password;

  @Option(names = "--password-stdin", description = "Read the password from the first line of standard input.")
  private boolean passwordFromStdin;

  @Option(names = "--out", required = true, paramLabel = "FILE",
    description = "The CSV to write (must not exist): email,status,token.")
  private Path out;

  @Option(names = "--domain", description = "One of loadTest.domains (default: its first).")
  private String domain;

  @Option(names = "--prefix", description = "Start of every address (default: seed-<time>-, new at each run).")
  private String prefix;

  @Option(names = "--language", defaultValue = "eng-GB", description = "fre-FR or eng-GB (default ${DEFAULT-VALUE}).")
  private String language;

  @Override
  public Integer call() throws IOException {
    if (active < 0 || pending < 0 || active + pending == 0) {
      throw new ParameterException(spec.commandLine(), "--active and --pending: at least one account, none negative");
    }
    if (!language.equals("fre-FR") && !language.equals("eng-GB")) {
      throw new ParameterException(spec.commandLine(), "--language: fre-FR or eng-GB");
    }
    String addressPrefix = prefix != null ? prefix : "seed-" + Long.toString(System.currentTimeMillis() / 1000, 36) + "-";
    if (!PREFIX.matcher(addressPrefix).matches()) {
      throw new ParameterException(spec.commandLine(), "--prefix: up to 40 of a-z 0-9 . _ -, starting with a letter or digit");
    }
    String secret = active > 0 ? PasswordOptions.read(spec, password, passwordFromStdin) : null;
    if (secret != null) {
      Optional<String> problem = Passwords.problem(secret);
      if (problem.isPresent()) {
        throw new ParameterException(spec.commandLine(), "password refused: " + problem.get().replace('_', ' ')
          + " (8 characters to 72 UTF-8 bytes)");
      }
    }
    try (CliRuntime runtime = CliRuntime.open(spec)) {
      SyntheticAddresses addresses = runtime.syntheticAddresses();
      String seedDomain = domain != null ? domain.toLowerCase(Locale.ROOT)
        : addresses.domains().stream().findFirst().orElse(null);
      if (seedDomain == null || !addresses.matches("x@" + seedDomain) || !Emails.isValid(addressPrefix + "a1@" + seedDomain)) {
        spec.commandLine().getErr().println("lanyard: --domain must be in loadTest.domains (" + String.join(", ",
          addresses.domains()) + "); only synthetic accounts are seeded");
        return 1;
      }
      try (BufferedWriter csv = createPrivate(out)) {
        csv.write("email,status,token\n");
        Seeder seeder = new Seeder(runtime, csv, addressPrefix, seedDomain);
        long activeWritten = active > 0 ? seeder.active(active, secret) : 0;
        long pendingWritten = seeder.pending(pending);
        PrintWriter printed = spec.commandLine().getOut();
        printed.println("Seeded " + activeWritten + " active and " + pendingWritten + " pending synthetic accounts in "
          + seedDomain + " (" + (active + pending - activeWritten - pendingWritten) + " addresses already taken); "
          + "written to " + out);
        return 0;
      }
    } catch (FileAlreadyExistsException e) {
      spec.commandLine().getErr().println("lanyard: " + out + " already exists; give a new file");
      return 1;
    }
  }

  /** The CSV holds live activation tokens: readable by its owner only, and never written over. */
  private static BufferedWriter createPrivate(Path file) throws IOException {
    try {
      Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(file);
    }
    return Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.WRITE);
  }

  /** Writes accounts a batch per statement, and each batch's rows to the CSV once committed. */
  private final class Seeder {

    private final CliRuntime runtime;
    private final BufferedWriter csv;
    private final String prefix;
    private final String domain;
    private final SyntheticAccountRepository accounts = new SyntheticAccountRepository();

    Seeder(CliRuntime runtime, BufferedWriter csv, String prefix, String domain) {
      this.runtime = runtime;
      this.csv = csv;
      this.prefix = prefix;
      this.domain = domain;
    }

    long active(int count, String secret) throws IOException {
      PasswordHasher hasher = Await.result(PasswordHasher.create(runtime.vertx(), runtime.config().security().bcryptCost(), 1,
        runtime.config().security().hashQueueBudget()));
      String hash = Await.result(hasher.hash(secret, PasswordHasher.OPERATOR));
      Progress progress = Progress.of(spec.commandLine().getOut(), "active", count);
      long written = 0;
      for (int start = 1; start <= count; start += BATCH) {
        List<String> emails = addresses("a", start, Math.min(count, start + BATCH - 1));
        Set<String> saved = Await.result(accounts.insertActive(runtime.pool(), emails, hash, language));
        for (String email : emails) {
          if (saved.contains(email)) {
            csv.write(email + ",active,\n");
            written++;
          }
        }
        csv.flush();
        progress.advance(emails.size());
      }
      progress.finish();
      return written;
    }

    long pending(int count) throws IOException {
      Progress progress = Progress.of(spec.commandLine().getOut(), "pending", count);
      long written = 0;
      for (int start = 1; start <= count; start += BATCH) {
        List<String> emails = addresses("p", start, Math.min(count, start + BATCH - 1));
        List<String> tokens = new ArrayList<>(emails.size());
        List<byte[]> hashes = new ArrayList<>(emails.size());
        for (int i = 0; i < emails.size(); i++) {
          String token = SecretTokens.generate();
          tokens.add(token);
          hashes.add(SecretTokens.sha256(token));
        }
        Set<Buffer> saved = Await.result(accounts.insertPending(runtime.pool(), emails, hashes, language,
          runtime.config().links().ttl()));
        for (int i = 0; i < emails.size(); i++) {
          if (saved.contains(Buffer.buffer(hashes.get(i)))) {
            csv.write(emails.get(i) + ",pending," + tokens.get(i) + "\n");
            written++;
          }
        }
        csv.flush();
        progress.advance(emails.size());
      }
      progress.finish();
      return written;
    }

    private List<String> addresses(String kind, int first, int last) {
      List<String> emails = new ArrayList<>(last - first + 1);
      for (int n = first; n <= last; n++) {
        emails.add(prefix + kind + n + "@" + domain);
      }
      return emails;
    }
  }
}
