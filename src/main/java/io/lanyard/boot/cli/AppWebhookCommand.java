package io.lanyard.boot.cli;

import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.services.events.EventType;
import io.lanyard.services.events.Subscription;
import io.lanyard.services.events.SubscriptionRepository;
import io.lanyard.services.events.SubscriptionSecrets;
import io.lanyard.services.webhooks.WebhookSignature;
import io.lanyard.services.webhooks.WebhookUrls;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@code apps webhook}: an application's webhook subscription. Running instances follow a change within a second. */
@Command(name = "webhook", description = "Manage an application's webhook subscription.",
  footer = "  java -jar lanyard.jar apps webhook show badges",
  subcommands = {AppWebhookCommand.Set.class, AppWebhookCommand.Show.class, AppWebhookCommand.Remove.class})
final class AppWebhookCommand {

  private AppWebhookCommand() {
  }

  @Command(name = "set", description = "Subscribe an application to events (or change its URL and events). A new secret is "
    + "printed last, once.",
    footer = {"  java -jar lanyard.jar apps webhook set badges \\",
      "    --url https://badges.example/hooks/lanyard \\",
      "    --events user.created,user.activated,user.profile_updated"})
  static final class Set extends RuntimeCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "The application's name.")
    private String name;

    @Option(names = "--url", required = true, description = "Where to POST: https (http only for localhost).")
    private String url;

    @Option(names = "--events", required = true, paramLabel = "E1,E2", description = "Event types, comma-separated, or all: "
      + "user.created, user.activated, user.profile_updated, user.email_changed, user.password_changed, user.disabled, "
      + "user.deleted.")
    private String events;

    @Option(names = "--rotate-secret", description = "Give an existing subscription a new secret (printed once).")
    private boolean rotateSecret;

    private List<EventType> types;
    private String secret;

    @Override
    void checkArguments() {
      WebhookUrls.problem(url).ifPresent(problem -> {
        throw refused("--url: " + problem);
      });
      types = parseEvents();
      secret = WebhookSignature.newSecret();
    }

    @Override
    int run(CliRuntime runtime) {
      Optional<MissingSetting> missing = MissingSetting.secretKey(runtime.config(), "to encrypt the webhook's signing secret");
      if (missing.isPresent()) {
        return missing.get().refuse(spec);
      }
      Optional<Application> application = application(runtime, name);
      if (application.isEmpty()) {
        return 1;
      }
      // sealed with LANYARD_JWT_SECRET_KEY, never stored in clear: the database holds no secret to sign with
      String stored = SubscriptionSecrets.with(runtime.config().jwt().secretKey()).toStore(secret);
      SubscriptionRepository.Saved saved = Await.result(new SubscriptionRepository().save(runtime.pool(),
        application.get().id(), url, types, stored, rotateSecret));
      PrintWriter out = out();
      out.println((saved.created() ? "Subscribed " : "Updated the subscription of ") + name + " to "
        + types.stream().map(EventType::wireName).collect(Collectors.joining(",")) + " at " + url + ".");
      if (!saved.secretInUse()) {
        out.println("Its secret is unchanged (--rotate-secret for a new one).");
        return 0;
      }
      out.println("Its signing secret, shown this once (receivers verify webhook-signature with it):");
      out.println(secret);
      return 0;
    }

    private List<EventType> parseEvents() {
      if (events.trim().equalsIgnoreCase("all")) {
        return List.of(EventType.values());
      }
      List<EventType> types = new ArrayList<>();
      for (String wire : events.split(",")) {
        EventType type = EventType.fromWire(wire.trim()).orElseThrow(() -> new ParameterException(spec.commandLine(),
          "--events: unknown event \"" + wire.trim() + "\" (known: " + Arrays.stream(EventType.values())
            .map(EventType::wireName).collect(Collectors.joining(", ")) + ", or all)"));
        if (!types.contains(type)) {
          types.add(type);
        }
      }
      return types;
    }
  }

  @Command(name = "show", description = "Show an application's subscription (never its secret).",
    footer = "  java -jar lanyard.jar apps webhook show badges")
  static final class Show extends ApplicationCommand {

    @Override
    int run(CliRuntime runtime) {
      Optional<Application> application = Await.result(new ApplicationRepository().findByName(runtime.pool(), name));
      Optional<Subscription> subscription = application.isEmpty() ? Optional.empty()
        : Await.result(new SubscriptionRepository().find(runtime.pool(), application.get().id()));
      if (subscription.isEmpty()) {
        tell("no webhook subscription for \"" + name + "\"");
        return 1;
      }
      PrintWriter out = out();
      out.println("url\t" + subscription.get().url());
      out.println("events\t" + subscription.get().events().stream().map(EventType::wireName).collect(Collectors.joining(",")));
      return 0;
    }
  }

  @Command(name = "remove", description = "Remove an application's subscription and the deliveries still waiting for it.",
    footer = "  java -jar lanyard.jar apps webhook remove badges")
  static final class Remove extends ApplicationCommand {

    @Override
    int run(CliRuntime runtime) {
      Optional<Application> application = Await.result(new ApplicationRepository().findByName(runtime.pool(), name));
      boolean removed = application.isPresent()
        && Await.result(new SubscriptionRepository().delete(runtime.pool(), application.get().id()));
      if (!removed) {
        tell("no webhook subscription for \"" + name + "\"");
        return 1;
      }
      out().println("Removed the webhook subscription of " + name);
      return 0;
    }
  }
}
