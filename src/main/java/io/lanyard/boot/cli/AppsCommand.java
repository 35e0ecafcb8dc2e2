package io.lanyard.boot.cli;

import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.model.applications.UserScope;
import io.lanyard.platform.support.SecretTokens;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** {@code apps}: third-party applications and their tokens. Every change reaches running instances within a second. */
@Command(name = "apps", description = "Manage third-party applications and their tokens.",
  footer = "  java -jar lanyard.jar apps list",
  subcommands = {AppsCommand.Create.class, AppsCommand.ListApps.class, AppsCommand.Disable.class, AppsCommand.Enable.class,
    AppsCommand.Revoke.class, AppsCommand.SetLinkUrl.class, AppsUpdateCommand.class, AppWebhookCommand.class,
    AppsOidcCommand.class, AppsShowCommand.class})
final class AppsCommand {

  private static final int MAX_NAME_LENGTH = 100;

  @Command(name = "create", description = "Create an application; its token is printed once, alone on the last line.",
    footer = {"  java -jar lanyard.jar apps create --name badges --can-create-users \\",
      "    --user-scope any --link-url 'https://fair.example/activate?token={token}'"})
  static final class Create extends RuntimeCommand {

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "A unique name, 1 to 100 characters.")
    private String name;

    @Option(names = "--can-create-users", description = "May create accounts (/user/create, /user/createWithPassword).")
    private boolean canCreateUsers;

    @Option(names = "--user-scope", defaultValue = "self", paramLabel = "SCOPE",
      description = "none, self or any (default ${DEFAULT-VALUE}).")
    private String userScope;

    @Option(names = "--link-url", paramLabel = "URL", description = "Account-link URL: https, holding {token}.")
    private String linkUrl;

    @Option(names = "--display-name", paramLabel = "TEXT",
      description = "The name people see on the hosted pages (default: --name).")
    private String displayName;

    @Option(names = "--expires-at", paramLabel = "WHEN",
      description = "When the token stops working: 2027-01-31 or 2027-01-31T18:00:00Z.")
    private String expiresAt;

    @CommandLine.Mixin
    private AppUrlOptions urls;

    private UserScope scope;
    private Optional<String> link;
    private ApplicationUrls others;
    private Optional<OffsetDateTime> expiry;
    private Optional<String> shownName;
    private String token;

    @Override
    void checkArguments() {
      if (name.isBlank() || name.length() > MAX_NAME_LENGTH) {
        throw refused("--name: 1 to " + MAX_NAME_LENGTH + " characters");
      }
      scope = UserScope.fromWire(userScope)
        .orElseThrow(() -> refused("--user-scope: none, self or any"));
      link = Optional.ofNullable(linkUrl);
      link.flatMap(LinkUrls::problem).ifPresent(problem -> {
        throw refused("--link-url: " + problem);
      });
      others = urls.checked(spec);
      expiry = Optional.ofNullable(expiresAt).map(this::parseExpiry);
      shownName = DisplayNames.parse(spec, "--display-name", displayName);
      token = SecretTokens.generate();
    }

    @Override
    int run(CliRuntime runtime) {
      Optional<String> id = Await.result(new ApplicationRepository().insert(runtime.pool(), name.trim(),
        SecretTokens.sha256(token), canCreateUsers, scope, link, others, expiry, shownName));
      if (id.isEmpty()) {
        tell("an application named \"" + name.trim() + "\" already exists");
        return 1;
      }
      PrintWriter out = out();
      out.println("Created application " + name.trim() + " (" + id.get() + ").");
      if (link.isEmpty()) {
        out.println("It has no account-link URL: its links lead to the hosted page under http.publicUrl when that is set;"
          + " otherwise /user/create answers 124 until apps update gives it one.");
      }
      if (others.resetUrl().isEmpty()) {
        out.println("It has no reset URL: its reset links lead to the hosted page under http.publicUrl when that is set;"
          + " otherwise requestPasswordReset answers 124 until apps update --reset-url gives it one.");
      }
      out.println("Its token, shown this once (only its SHA-256 is kept):");
      out.println(token);
      return 0;
    }

    private OffsetDateTime parseExpiry(String text) {
      try {
        return text.contains("T") ? OffsetDateTime.parse(text) : LocalDate.parse(text).atStartOfDay().atOffset(ZoneOffset.UTC);
      } catch (DateTimeParseException e) {
        throw refused("--expires-at: a date (2027-01-31) or an instant (2027-01-31T18:00:00Z)");
      }
    }
  }

  @Command(name = "list", description = "List applications (never their tokens), one per line, tab-separated.",
    footer = "  java -jar lanyard.jar apps list")
  static final class ListApps extends RuntimeCommand {

    @Override
    int run(CliRuntime runtime) {
      PrintWriter out = out();
      out.println("name\tstate\tcan_create_users\tuser_scope\texpires_at\tlink_url\treset_url\temail_url\treturn_url");
      for (ApplicationRepository.Stored stored : Await.result(new ApplicationRepository().listAll(runtime.pool()))) {
        Application app = stored.application();
        String state = app.isRevoked() ? "revoked" : app.enabled() ? "enabled" : "disabled";
        out.println(String.join("\t", app.name(), state, Boolean.toString(app.canCreateUsers()), app.userScope().wireName(),
          app.expiresAt().map(Object::toString).orElse("-"), app.linkUrl().orElse("-"), app.urls().resetUrl().orElse("-"),
          app.urls().emailUrl().orElse("-"), app.urls().returnUrl().orElse("-")));
      }
      return 0;
    }
  }

  @Command(name = "disable", description = "Stop an application's token from working (149 → 140) until enabled again.",
    footer = "  java -jar lanyard.jar apps disable badges")
  static final class Disable extends Change {

    @Override
    boolean apply(CliRuntime runtime, String name) {
      return Await.result(new ApplicationRepository().setEnabled(runtime.pool(), name, false));
    }
  }

  @Command(name = "enable", description = "Let a disabled application's token work again.",
    footer = "  java -jar lanyard.jar apps enable badges")
  static final class Enable extends Change {

    @Override
    boolean apply(CliRuntime runtime, String name) {
      return Await.result(new ApplicationRepository().setEnabled(runtime.pool(), name, true));
    }
  }

  @Command(name = "revoke", description = "Revoke an application's token for good (149).",
    footer = "  java -jar lanyard.jar apps revoke badges")
  static final class Revoke extends Change {

    @Override
    boolean apply(CliRuntime runtime, String name) {
      return Await.result(new ApplicationRepository().revoke(runtime.pool(), name));
    }
  }

  @Command(name = "set-link-url", description = "Set the account-link URL (https, holding {token}).",
    footer = {"  java -jar lanyard.jar apps set-link-url badges \\",
      "    'https://fair.example/activate?token={token}'"})
  static final class SetLinkUrl extends Change {

    @Parameters(index = "1", paramLabel = "URL", description = "The new URL: https, holding {token}.")
    private String url;

    @Override
    boolean apply(CliRuntime runtime, String name) {
      LinkUrls.problem(url).ifPresent(problem -> {
        throw refused("URL: " + problem);
      });
      return Await.result(new ApplicationRepository().setLinkUrl(runtime.pool(), name, url));
    }
  }

  /** A change to one application named on the command line. */
  abstract static class Change extends RuntimeCommand {

    @Parameters(index = "0", paramLabel = "NAME", description = "The application's name.")
    private String name;

    /** @return whether an application of that name was there to change */
    abstract boolean apply(CliRuntime runtime, String name);

    @Override
    int run(CliRuntime runtime) {
      if (!apply(runtime, name)) {
        tell("no application named \"" + name + "\"");
        return 1;
      }
      out().println("Done: " + spec.name() + " " + name);
      return 0;
    }
  }
}
