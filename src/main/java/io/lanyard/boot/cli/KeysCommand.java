package io.lanyard.boot.cli;

import io.lanyard.signin.oidc.IdTokenKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code keys}: the ES256 key the deployment generated for ID tokens (docs/decisions.md §13). Rotating makes a new key sign
 * and keeps the old one published, verifying only, until it is retired; instances take the change at their next start, so
 * the operator restarts them one by one (a rolling restart) after a rotation.
 */
@Command(name = "keys", description = "Rotate the ID tokens' signing key that the deployment generated (not a configured "
  + "key pair: rotate that with jwt.signingKey and jwt.secondaryKey).",
  footer = "  java -jar lanyard.jar keys rotate",
  subcommands = {KeysCommand.Rotate.class, KeysCommand.Retire.class})
final class KeysCommand {

  private KeysCommand() {
  }

  @Command(name = "rotate", description = "A new key signs ID tokens; the current one stays published, verifying only, until "
    + "'keys retire'. Restart the instances one by one afterwards.",
    footer = "  java -jar lanyard.jar keys rotate")
  static final class Rotate implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
      try (CliRuntime runtime = CliRuntime.open(spec)) {
        Optional<MissingSetting> missing = MissingSetting.secretKey(runtime.config(),
          "to read and write the ID tokens' signing key, kept encrypted in the database");
        if (missing.isPresent()) {
          return missing.get().refuse(spec);
        }
        IdTokenKeys keys = Await.result(IdTokenKeys.rotate(runtime.pool(), runtime.config().jwt().secretKey().orElseThrow()));
        spec.commandLine().getOut().println("signing_kid\t" + keys.signingKid());
        keys.publicKeys().getKeys().stream().skip(1)
          .forEach(key -> spec.commandLine().getOut().println("previous_kid\t" + key.getKeyID()));
        return 0;
      }
    }
  }

  @Command(name = "retire", description = "Stop publishing the previous key, once every ID token it signed has expired "
    + "(oidc.accessTokenTtl after the rotation). Restart the instances one by one afterwards.",
    footer = "  java -jar lanyard.jar keys retire")
  static final class Retire implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
      try (CliRuntime runtime = CliRuntime.open(spec)) {
        boolean retired = Await.result(IdTokenKeys.retirePrevious(runtime.pool()));
        spec.commandLine().getOut().println(retired ? "Retired the previous key" : "No previous key to retire");
        return 0;
      }
    }
  }
}
