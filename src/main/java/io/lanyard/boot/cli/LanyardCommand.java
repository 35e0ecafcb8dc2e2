package io.lanyard.boot.cli;

import io.lanyard.model.api.Version;
import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code java -jar lanyard.jar [-conf FILE] [command]}: no command serves the API. Every command inherits {@code --help},
 * {@code --version} and the "Example:" heading of its own footer; CliHelpTest holds each to a description and an example.
 */
@Command(name = "lanyard", scope = CommandLine.ScopeType.INHERIT, mixinStandardHelpOptions = true,
  version = "lanyard " + Version.NUMBER,
  description = {"Single sign-on and user accounts for event and trade-fair sites.",
    "",
    "With no command, serves the API, as 'serve'. Only serve and migrate create or migrate the database; every other command "
      + "needs it to exist and be up to date. Commands print their result on standard output, and log on standard error.",
    "",
    "'lanyard COMMAND --help' tells what a command takes, with an example."},
  footerHeading = "%nExample:%n",
  footer = "  java -jar lanyard.jar -conf /etc/lanyard/config.json",
  subcommands = {ServeCommand.class, MigrateCommand.class, UsersCommand.class, UserTypesCommand.class, AppsCommand.class,
    TemplatesCommand.class, MailCommand.class, HealthCommand.class, WebhooksCommand.class, AuditCommand.class,
    KeysCommand.class, ConsentsCommand.class})
public final class LanyardCommand implements Callable<Integer> {

  /** The exit code that means "the service is running": the JVM must stay up. */
  public static final int SERVING = -1;

  @Option(names = {"-conf", "--conf"}, paramLabel = "FILE", scope = CommandLine.ScopeType.INHERIT,
    description = "Config file overlaying the defaults (else $LANYARD_CONFIG, else ./conf/config.json if present).")
  private Path configFile;

  private final Map<String, String> environment;

  private LanyardCommand(Map<String, String> environment) {
    this.environment = Map.copyOf(environment);
  }

  /** The jar's command line, reading the process's environment. */
  public static CommandLine commandLine() {
    return commandLine(System.getenv());
  }

  /** @param environment the {@code LANYARD_*} variables the commands read (a map, so tests give their own) */
  public static CommandLine commandLine(Map<String, String> environment) {
    CommandLine commandLine = new CommandLine(new LanyardCommand(environment));
    commandLine.setExecutionExceptionHandler((failure, line, parsed) -> {
      String message = failure instanceof ConfigException ? failure.getMessage() : describe(failure);
      line.getErr().println("lanyard: " + message);
      return 1;
    });
    commandLine.setExecutionStrategy(parsed -> {
      if (!servesTheApi(parsed)) {
        CommandLogs.toStandardError();
      }
      return new CommandLine.RunLast().execute(parsed);
    });
    return commandLine;
  }

  /** No command, or {@code serve}: the one case that logs to standard output. */
  private static boolean servesTheApi(ParseResult parsed) {
    ParseResult last = parsed;
    while (last.hasSubcommand()) {
      last = last.subcommand();
    }
    Object command = last.commandSpec().userObject();
    return command instanceof LanyardCommand || command instanceof ServeCommand;
  }

  Optional<Path> configFile() {
    return Optional.ofNullable(configFile);
  }

  /** The settings the service would run with: the defaults, the config file, the environment. */
  LanyardConfig config() {
    return ConfigLoader.load(configFile(), environment);
  }

  @Override
  public Integer call() {
    return Server.run(config());
  }

  private static String describe(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getMessage() == null) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
  }
}
