package io.lanyard.boot.cli;

import io.lanyard.model.accounts.UserTypeRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code user-types}: the ordered list served by getAllUserTypes; every running instance follows a change within seconds. */
@Command(name = "user-types", description = "Manage the list of user types.",
  footer = "  java -jar lanyard.jar user-types list",
  subcommands = {UserTypesCommand.SetTypes.class, UserTypesCommand.ListTypes.class})
final class UserTypesCommand {

  private static final int MAX_LENGTH = 255;

  @Command(name = "set", description = "Replace the list with these types, in this order.",
    footer = "  java -jar lanyard.jar user-types set visitor exhibitor press")
  static final class SetTypes implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "TYPE", description = "The user types, in order (none empties the list).")
    private List<String> types = List.of();

    @Override
    public Integer call() {
      Set<String> seen = new HashSet<>();
      for (String type : types) {
        if (type.isBlank() || type.length() > MAX_LENGTH) {
          throw new ParameterException(spec.commandLine(), "a user type is 1 to " + MAX_LENGTH + " characters: \"" + type + "\"");
        }
        if (!seen.add(type)) {
          throw new ParameterException(spec.commandLine(), "user type given twice: \"" + type + "\"");
        }
      }
      try (CliRuntime runtime = CliRuntime.open(spec)) {
        Await.result(new UserTypeRepository().replace(runtime.pool(), types));
        types.forEach(spec.commandLine().getOut()::println);
      }
      return 0;
    }
  }

  @Command(name = "list", description = "Print the user types, one per line, in order.",
    footer = "  java -jar lanyard.jar user-types list")
  static final class ListTypes implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
      try (CliRuntime runtime = CliRuntime.open(spec)) {
        Await.result(new UserTypeRepository().list(runtime.pool())).forEach(spec.commandLine().getOut()::println);
      }
      return 0;
    }
  }
}
