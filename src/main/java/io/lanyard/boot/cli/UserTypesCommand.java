package io.lanyard.boot.cli;

import io.lanyard.model.accounts.UserTypeRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@code user-types}: the ordered list served by getAllUserTypes; every running instance follows a change within seconds. */
@Command(name = "user-types", description = "Manage the list of user types.",
  footer = "  java -jar lanyard.jar user-types list",
  subcommands = {UserTypesCommand.SetTypes.class, UserTypesCommand.ListTypes.class})
final class UserTypesCommand {

  private static final int MAX_LENGTH = 255;

  @Command(name = "set", description = "Replace the list with these types, in this order.",
    footer = "  java -jar lanyard.jar user-types set visitor exhibitor press")
  static final class SetTypes extends RuntimeCommand {

    @Parameters(arity = "0..*", paramLabel = "TYPE", description = "The user types, in order (none empties the list).")
    private List<String> types = List.of();

    private Set<String> seen;

    @Override
    void checkArguments() {
      seen = new HashSet<>();
      for (String type : types) {
        if (type.isBlank() || type.length() > MAX_LENGTH) {
          throw refused("a user type is 1 to " + MAX_LENGTH + " characters: \"" + type + "\"");
        }
        if (!seen.add(type)) {
          throw refused("user type given twice: \"" + type + "\"");
        }
      }
    }

    @Override
    int run(CliRuntime runtime) {
      Await.result(new UserTypeRepository().replace(runtime.pool(), types));
      types.forEach(out()::println);
      return 0;
    }
  }

  @Command(name = "list", description = "Print the user types, one per line, in order.",
    footer = "  java -jar lanyard.jar user-types list")
  static final class ListTypes extends RuntimeCommand {

    @Override
    int run(CliRuntime runtime) {
      Await.result(new UserTypeRepository().list(runtime.pool())).forEach(out()::println);
      return 0;
    }
  }
}
