package io.lanyard.boot.cli;

import io.lanyard.model.accounts.SyntheticAccountRepository;
import io.lanyard.model.accounts.SyntheticAccountRepository.Purged;
import io.lanyard.platform.config.DurationSyntax;
import io.lanyard.platform.db.SqlStates;
import io.vertx.pgclient.PgException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

/**
 * {@code users purge --synthetic [--older-than D]} (docs/decisions.md §10): erases the synthetic accounts created before the purge
 * began (or {@code D} before) with their links, mails and session records, and prints the counts. Safe while the service
 * serves: a batch per short transaction, accounts a request holds at that moment skipped (left for the next purge), and
 * accounts created once the purge has begun never touched.
 */
@Command(name = "purge", description = "Erase synthetic accounts (load tests) and everything attached to them.",
  footer = "  java -jar lanyard.jar users purge --synthetic --older-than 2h")
final class UsersPurgeCommand implements Callable<Integer> {

  private static final int BATCH = 500;
  private static final int DEADLOCK_RETRIES = 5;

  @Spec
  private CommandSpec spec;

  // required: real accounts are never purged, and the command says so at each use
  @Option(names = "--synthetic", required = true, description = "Required: only synthetic accounts are purged.")
  private boolean synthetic;

  @Option(names = "--older-than", paramLabel = "DURATION", description = "Only accounts created longer ago than this (2h, 7d).")
  private String olderThan;

  @Override
  public Integer call() {
    Optional<Duration> age = Optional.empty();
    if (olderThan != null) {
      OptionalLong millis = DurationSyntax.parseMillis(olderThan.trim());
      if (millis.isEmpty() || millis.getAsLong() <= 0) {
        throw new ParameterException(spec.commandLine(), "--older-than: a positive duration such as 30m, 2h or 7d");
      }
      age = Optional.of(Duration.ofMillis(millis.getAsLong()));
    }
    try (CliRuntime runtime = CliRuntime.open(spec)) {
      SyntheticAccountRepository accounts = new SyntheticAccountRepository();
      OffsetDateTime cutoff = Await.result(accounts.cutoff(runtime.pool(), age));
      Purged total = Purged.NOTHING;
      Purged batch;
      do {
        batch = purgeBatch(runtime, accounts, cutoff);
        total = total.plus(batch);
      } while (batch.accounts() > 0);
      total = total.plus(Await.result(accounts.purgeOrphanMail(runtime.pool(), cutoff)));
      PrintWriter out = spec.commandLine().getOut();
      out.println("accounts\t" + total.accounts());
      out.println("links\t" + total.links());
      out.println("mails\t" + total.mails());
      out.println("sessions\t" + total.sessions());
      return 0;
    }
  }

  /** One batch in its own transaction; a deadlock with a request (an activation locks link then account) is tried again. */
  private Purged purgeBatch(CliRuntime runtime, SyntheticAccountRepository accounts, OffsetDateTime cutoff) {
    for (int attempt = 1; ; attempt++) {
      try {
        return Await.result(runtime.pool().withTransaction(tx -> accounts.purgeBatch(tx, cutoff, BATCH)));
      } catch (PgException e) {
        if (!SqlStates.DEADLOCK_DETECTED.equals(e.getSqlState()) || attempt == DEADLOCK_RETRIES) {
          throw e;
        }
      }
    }
  }
}
