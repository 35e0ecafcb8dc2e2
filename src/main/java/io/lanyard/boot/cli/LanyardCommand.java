package io.lanyard.boot.cli;

import io.lanyard.model.api.Version;
import io.lanyard.platform.config.ConfigException;
import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.PrintWriter;
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
    KeysCommand.class, ConsentsCommand.class, StaffCommand.class})
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
    CommandLine.IParameterExceptionHandler usage = commandLine.getParameterExceptionHandler();
    commandLine.setParameterExceptionHandler((failure, arguments) -> {
      Optional<Integer> unknown = unknownCommand(failure);
      return unknown.isPresent() ? unknown.get() : usage.handleParseException(failure, arguments);
    });
    commandLine.setExecutionStrategy(parsed -> {
      // with --help, picocli leaves the words it does not know unmatched and would print the help of the command before them
      ParseResult last = deepest(parsed);
      if (!last.unmatched().isEmpty()) {
        throw new UnmatchedArgumentException(last.commandSpec().commandLine(), last.unmatched());
      }
      if (!servesTheApi(parsed)) {
        CommandLogs.toStandardError();
      }
      return new CommandLine.RunLast().execute(parsed);
    });
    return commandLine;
  }

  /**
   * {@code java -jar lanyard.jar} with no argument at all: the service, as {@link #commandLine} would run it and reporting a
   * failure as it would, without first building picocli's model of every command (the annotations of a hundred classes read
   * by reflection: half a second of a start).
   */
  public static int serve(Map<String, String> environment) {
    try {
      return new LanyardCommand(environment).call();
    } catch (RuntimeException failure) {
      System.err.println("lanyard: " + (failure instanceof ConfigException ? failure.getMessage() : describe(failure)));
      return 1;
    }
  }

  /** No command, or {@code serve}: the one case that logs to standard output. */
  private static boolean servesTheApi(ParseResult parsed) {
    Object command = deepest(parsed).commandSpec().userObject();
    return command instanceof LanyardCommand || command instanceof ServeCommand;
  }

  private static ParseResult deepest(ParseResult parsed) {
    ParseResult last = parsed;
    while (last.hasSubcommand()) {
      last = last.subcommand();
    }
    return last;
  }

  /**
   * A word where a command has subcommands, and none of them: said in one line, with the nearest names when there are some,
   * exit 2 (docs/operating.md, "Exit status"). Any other bad argument gets picocli's message and the command's usage.
   */
  private static Optional<Integer> unknownCommand(ParameterException failure) {
    CommandLine line = failure.getCommandLine();
    if (!(failure instanceof UnmatchedArgumentException unmatched) || line.getSubcommands().isEmpty()
      || unmatched.getUnmatched().isEmpty() || unmatched.getUnmatched().get(0).startsWith("-")) {
      return Optional.empty();
    }
    PrintWriter err = line.getErr();
    String name = line.getCommandSpec().qualifiedName();
    err.println("lanyard: unknown command '" + unmatched.getUnmatched().get(0) + "' for '" + name + "' ('" + name
      + " --help' lists its commands)");
    UnmatchedArgumentException.printSuggestions(unmatched, err);
    err.flush();
    return Optional.of(CommandLine.ExitCode.USAGE);
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
