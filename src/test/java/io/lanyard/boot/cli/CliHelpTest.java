package io.lanyard.boot.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command of the jar, nested ones included, found by walking the command tree: a new command without help, a
 * description or an example fails here.
 */
class CliHelpTest {

  private record Run(int exitCode, String out, String err) {
  }

  private static Run run(String... arguments) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = LanyardCommand.commandLine(Map.of());
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exitCode = commandLine.execute(arguments);
    return new Run(exitCode, out.toString(), err.toString());
  }

  @Test
  void everyCommandAnswersHelpOnStdoutEvenWithoutItsRequiredOptions() {
    for (CommandSpec command : everyCommand()) {
      List<String> arguments = new ArrayList<>(path(command));
      arguments.add("--help");
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine commandLine = LanyardCommand.commandLine();
      commandLine.setOut(new PrintWriter(out, true));
      commandLine.setErr(new PrintWriter(err, true));

      int exitCode = commandLine.execute(arguments.toArray(String[]::new));

      assertThat(exitCode).as(String.join(" ", arguments)).withFailMessage(err.toString()).isZero();
      assertThat(out.toString()).as(String.join(" ", arguments)).startsWith("Usage: " + command.qualifiedName())
        .contains("-h, --help", "Example:");
      assertThat(err.toString()).as(String.join(" ", arguments)).isEmpty();
    }
  }

  @Test
  void anUnknownCommandSaysSoAndExitsTwoEvenWithHelp() {
    Run kiosk = run("kiosk", "grant", "--help");
    Run nested = run("users", "frobnicate", "--help");
    Run plain = run("kiosk");
    Run typo = run("user", "list");

    assertThat(kiosk.exitCode()).isEqualTo(2);
    assertThat(kiosk.out()).as("no help of another command").isEmpty();
    assertThat(kiosk.err()).startsWith("lanyard: unknown command 'kiosk' for 'lanyard' ('lanyard --help' lists its commands)");
    assertThat(nested.exitCode()).isEqualTo(2);
    assertThat(nested.out()).isEmpty();
    assertThat(nested.err()).startsWith("lanyard: unknown command 'frobnicate' for 'lanyard users'");
    assertThat(plain.exitCode()).isEqualTo(2);
    assertThat(plain.err()).startsWith("lanyard: unknown command 'kiosk'");
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err()).contains("unknown command 'user'", "Did you mean", "users");
  }

  @Test
  void anUnknownOptionOrArgumentIsABadArgumentExitTwoWithTheUsage() {
    Run option = run("users", "list", "--bogus");
    Run extra = run("users", "list", "extra", "--help");

    assertThat(option.exitCode()).isEqualTo(2);
    assertThat(option.out()).isEmpty();
    assertThat(option.err()).contains("Unknown option: '--bogus'", "Usage: lanyard users list");
    assertThat(extra.exitCode()).isEqualTo(2);
    assertThat(extra.out()).isEmpty();
    assertThat(extra.err()).contains("'extra'", "Usage: lanyard users list");
  }

  @Test
  void everyCommandOptionAndParameterSaysWhatItIs() {
    for (CommandSpec command : everyCommand()) {
      assertThat(String.join(" ", command.usageMessage().description())).as(command.qualifiedName()).isNotBlank();
      for (ArgSpec argument : command.args()) {
        assertThat(String.join(" ", argument.description()))
          .as(command.qualifiedName() + " " + argument.paramLabel()).isNotBlank();
      }
    }
  }

  @Test
  void everyCommandShowsAnExampleOfItselfThatFitsTheHelpWidth() {
    for (CommandSpec command : everyCommand()) {
      List<String> footer = Arrays.asList(command.usageMessage().footer());
      String invocation = String.join(" ", List.of("java -jar lanyard.jar", String.join(" ", path(command)))).strip();

      assertThat(String.join("\n", footer)).as(command.qualifiedName()).contains(invocation);
      assertThat(footer).as(command.qualifiedName()).allMatch(line -> line.length() <= command.usageMessage().width());
    }
  }

  private static List<CommandSpec> everyCommand() {
    List<CommandSpec> commands = new ArrayList<>();
    collect(LanyardCommand.commandLine(), commands);
    assertThat(commands).hasSizeGreaterThan(20);
    return commands;
  }

  private static void collect(CommandLine commandLine, List<CommandSpec> commands) {
    commands.add(commandLine.getCommandSpec());
    commandLine.getSubcommands().values().forEach(subcommand -> collect(subcommand, commands));
  }

  /** The words after {@code lanyard} that name the command: {@code [apps, create]}, none for the root. */
  private static List<String> path(CommandSpec command) {
    List<String> words = new ArrayList<>(List.of(command.qualifiedName().split(" ")));
    return words.subList(1, words.size());
  }
}
