package io.lanyard.cli;

import io.lanyard.api.Version;
import io.lanyard.config.ConfigException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code java -jar lanyard.jar [-conf FILE] [command]}: no command serves the API. */
@Command(name = "lanyard", mixinStandardHelpOptions = true, version = "lanyard " + Version.NUMBER,
  description = "Single sign-on and user accounts for event and trade-fair sites.",
  subcommands = {ServeCommand.class, MigrateCommand.class, UsersCommand.class, UserTypesCommand.class, AppsCommand.class,
    TemplatesCommand.class, MailCommand.class, HealthCommand.class, WebhooksCommand.class, AuditCommand.class})
public final class LanyardCommand implements Callable<Integer> {

  /** The exit code that means "the service is running": the JVM must stay up. */
  public static final int SERVING = -1;

  @Option(names = {"-conf", "--conf"}, paramLabel = "FILE", scope = CommandLine.ScopeType.INHERIT,
    description = "Config file overlaying the defaults (else $LANYARD_CONFIG, else ./conf/config.json if present).")
  private Path configFile;

  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new LanyardCommand());
    commandLine.setExecutionExceptionHandler((failure, line, parsed) -> {
      String message = failure instanceof ConfigException ? failure.getMessage() : describe(failure);
      line.getErr().println("lanyard: " + message);
      return 1;
    });
    return commandLine;
  }

  Optional<Path> configFile() {
    return Optional.ofNullable(configFile);
  }

  @Override
  public Integer call() {
    return Server.run(configFile());
  }

  private static String describe(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getMessage() == null) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
  }
}
