package io.lanyard.boot.cli;

import io.lanyard.model.applications.ApplicationUrls;
import io.lanyard.model.applications.LinkUrls;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.util.Optional;

/** The optional URLs of an application besides its account link (docs/decisions.md §9), as {@code apps create} and {@code apps update} take them. */
final class AppUrlOptions {

  @Option(names = "--reset-url", paramLabel = "URL", description = "Where password-reset links lead: https, holding {token}.")
  private String resetUrl;

  @Option(names = "--email-url", paramLabel = "URL", description = "Where links confirming a new e-mail address lead: https, holding {token}.")
  private String emailUrl;

  @Option(names = "--return-url", paramLabel = "URL", description = "Where people go back to after a hosted page: https.")
  private String returnUrl;

  /** The URLs given, each checked: a bad one stops the command before anything is written. */
  ApplicationUrls checked(CommandSpec spec) {
    Optional.ofNullable(resetUrl).flatMap(LinkUrls::problem).ifPresent(problem -> refuse(spec, "--reset-url", problem));
    Optional.ofNullable(emailUrl).flatMap(LinkUrls::problem).ifPresent(problem -> refuse(spec, "--email-url", problem));
    Optional.ofNullable(returnUrl).flatMap(LinkUrls::returnUrlProblem).ifPresent(problem -> refuse(spec, "--return-url", problem));
    return new ApplicationUrls(Optional.ofNullable(resetUrl), Optional.ofNullable(emailUrl), Optional.ofNullable(returnUrl));
  }

  private static void refuse(CommandSpec spec, String option, String problem) {
    throw new ParameterException(spec.commandLine(), option + ": " + problem);
  }
}
