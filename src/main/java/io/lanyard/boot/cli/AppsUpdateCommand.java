package io.lanyard.boot.cli;

import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.LinkUrls;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.util.Optional;

/**
 * {@code apps update NAME [--link-url U] [--reset-url U] [--email-url U] [--return-url U] [--display-name T]}: what is given
 * changes, the rest stays.
 */
@Command(name = "update", description = "Change an application's URLs or display name; what is not given stays as it is.",
  footer = {"  java -jar lanyard.jar apps update badges \\",
    "    --reset-url 'https://fair.example/reset?token={token}'"})
final class AppsUpdateCommand extends RuntimeCommand {

  @Parameters(index = "0", paramLabel = "NAME", description = "The application's name.")
  private String name;

  @Option(names = "--link-url", paramLabel = "URL", description = "Account-link URL: https, holding {token}.")
  private String linkUrl;

  @CommandLine.Mixin
  private AppUrlOptions urls;

  @Option(names = "--display-name", paramLabel = "TEXT",
    description = "The name people see on the hosted pages (\"\": the application's name again).")
  private String displayName;

  private Optional<String> link;
  private ApplicationUrls others;
  private boolean urlsGiven;
  private Optional<String> shownName;

  @Override
  void checkArguments() {
    link = Optional.ofNullable(linkUrl);
    link.flatMap(LinkUrls::problem).ifPresent(problem -> {
      throw refused("--link-url: " + problem);
    });
    others = urls.checked(spec);
    urlsGiven = link.isPresent() || !others.equals(ApplicationUrls.none());
    if (!urlsGiven && displayName == null) {
      throw new ParameterException(spec.commandLine(),
        "give at least one of --link-url, --reset-url, --email-url, --return-url, --display-name");
    }
    shownName = DisplayNames.parse(spec, "--display-name", displayName);
  }

  @Override
  int run(CliRuntime runtime) {
    ApplicationRepository applications = new ApplicationRepository();
    boolean found = urlsGiven ? Await.result(applications.updateUrls(runtime.pool(), name, link, others))
      : Await.result(applications.setDisplayName(runtime.pool(), name, shownName));
    if (found && urlsGiven && displayName != null) {
      found = Await.result(applications.setDisplayName(runtime.pool(), name, shownName));
    }
    if (!found) {
      tell("no application named \"" + name + "\"");
      return 1;
    }
    out().println("Done: update " + name);
    return 0;
  }
}
