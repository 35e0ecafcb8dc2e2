package io.lanyard.boot.cli;

import io.lanyard.model.applications.Application;
import io.lanyard.services.webhooks.DeliveryRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.Optional;

/** {@code webhooks}: the webhook outbox, seen and mended by the operator. */
@Command(name = "webhooks", description = "Inspect the webhook outbox.",
  footer = "  java -jar lanyard.jar webhooks status",
  subcommands = {WebhooksCommand.Status.class, WebhooksCommand.RetryDead.class})
final class WebhooksCommand {

  private WebhooksCommand() {
  }

  @Command(name = "status", description = "Deliveries per subscription and state, the oldest pending one's age, the last error.",
    footer = "  java -jar lanyard.jar webhooks status")
  static final class Status extends RuntimeCommand {

    @Override
    int run(CliRuntime runtime) {
      PrintWriter out = out();
      out.println("application\turl\tevents\tpending\tdelivered\tdead\toldest_pending\tlast_error");
      for (DeliveryRepository.SubscriptionStatus status : Await.result(new DeliveryRepository().status(runtime.pool()))) {
        out.println(String.join("\t", status.application(), status.url(), status.events(), Long.toString(status.pending()),
          Long.toString(status.delivered()), Long.toString(status.dead()),
          status.oldestPending().map(age -> age.toSeconds() + "s").orElse("-"),
          status.lastError().map(error -> error.replaceAll("\\s+", " ")).orElse("-")));
      }
      return 0;
    }
  }

  @Command(name = "retry-dead", description = "Put dead deliveries back in line; they are sent again with a fresh count of "
    + "attempts.", footer = "  java -jar lanyard.jar webhooks retry-dead --app badges")
  static final class RetryDead extends RuntimeCommand {

    @Option(names = "--app", paramLabel = "NAME", description = "Only this application's deliveries.")
    private String app;

    @Override
    int run(CliRuntime runtime) {
      Optional<String> applicationId = Optional.empty();
      if (app != null) {
        Optional<Application> application = application(runtime, app);
        if (application.isEmpty()) {
          return 1;
        }
        applicationId = Optional.of(application.get().id());
      }
      int requeued = Await.result(new DeliveryRepository().retryDead(runtime.pool(), applicationId));
      out().println("Re-queued " + requeued + " dead deliver" + (requeued == 1 ? "y" : "ies"));
      return 0;
    }
  }
}
