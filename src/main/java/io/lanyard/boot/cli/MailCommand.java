package io.lanyard.boot.cli;

import io.lanyard.services.mail.OutboxRepository;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** {@code mail}: the outbox, seen and mended by the operator. */
@Command(name = "mail", description = "Inspect the mail outbox.",
  footer = "  java -jar lanyard.jar mail status",
  subcommands = {MailCommand.Status.class, MailCommand.RetryDead.class})
final class MailCommand {

  @Command(name = "status", description = "Print mails per state, suppressed mails per reason (suppressed:REASON), and how "
    + "long the oldest undelivered one has waited.",
    footer = "  java -jar lanyard.jar mail status")
  static final class Status extends RuntimeCommand {

    @Override
    int run(CliRuntime runtime) {
      OutboxRepository outbox = new OutboxRepository();
      Map<String, Long> counts = Await.result(outbox.countByStatus(runtime.pool()));
      Map<String, Long> suppressed = Await.result(outbox.countSuppressedByReason(runtime.pool()));
      Optional<Duration> oldest = Await.result(outbox.oldestPendingAge(runtime.pool()));
      PrintWriter out = out();
      counts.forEach((status, count) -> out.println(status + "\t" + count));
      suppressed.forEach((reason, count) -> out.println("suppressed:" + reason + "\t" + count));
      out.println("oldest_pending\t" + oldest.map(age -> age.toSeconds() + "s").orElse("-"));
      return 0;
    }
  }

  @Command(name = "retry-dead", description = "Put every dead mail back in line for delivery.",
    footer = "  java -jar lanyard.jar mail retry-dead")
  static final class RetryDead extends RuntimeCommand {

    @Override
    int run(CliRuntime runtime) {
      int requeued = Await.result(new OutboxRepository().retryDead(runtime.pool()));
      out().println("Re-queued " + requeued + " dead mail" + (requeued == 1 ? "" : "s"));
      return 0;
    }
  }
}
