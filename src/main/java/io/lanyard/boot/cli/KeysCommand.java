package io.lanyard.boot.cli;

import com.nimbusds.jose.jwk.JWK;
import io.lanyard.model.applications.IdTokenAlgorithm;
import io.lanyard.signin.oidc.IdTokenKeys;
import io.lanyard.signin.oidc.KeptIdTokenKeys;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code keys}: the RS256 and ES256 keys the deployment generated for ID tokens (docs/decisions.md §13). Rotating makes a new
 * key sign and keeps the old one published, verifying only, until it is retired; instances take the change at their next
 * start, so the operator restarts them one by one (a rolling restart) after a rotation.
 */
@Command(name = "keys", description = "Rotate the ID tokens' signing keys that the deployment generated (not a configured "
  + "key pair: rotate that with jwt.signingKey and jwt.secondaryKey).",
  footer = "  java -jar lanyard.jar keys rotate",
  subcommands = {KeysCommand.Rotate.class, KeysCommand.Retire.class})
final class KeysCommand {

  private KeysCommand() {
  }

  /** The algorithms a command acts on: the one named, or both. */
  static final class Which {

    @Option(names = "--alg", paramLabel = "ALG", description = "Only the key of this algorithm: RS256 or ES256 (default: both).")
    private IdTokenAlgorithm algorithm;

    List<IdTokenAlgorithm> algorithms() {
      return algorithm == null ? List.of(IdTokenAlgorithm.values()) : List.of(algorithm);
    }
  }

  @Command(name = "rotate", description = "A new key signs ID tokens; the current one stays published, verifying only, until "
    + "'keys retire'. Restart the instances one by one afterwards. Prints <alg>_signing_kid and <alg>_previous_kid lines.",
    footer = "  java -jar lanyard.jar keys rotate --alg RS256")
  static final class Rotate extends RuntimeCommand {

    @Mixin
    private Which which = new Which();

    @Override
    int run(CliRuntime runtime) {
      Optional<MissingSetting> missing = MissingSetting.secretKey(runtime.config(),
        "to read and write the ID tokens' signing keys, kept encrypted in the database");
      if (missing.isPresent()) {
        return missing.get().refuse(spec);
      }
      IdTokenKeys keys = Await.result(KeptIdTokenKeys.rotate(runtime.vertx(), runtime.pool(),
        runtime.config().jwt().secretKey().orElseThrow(), which.algorithms()));
      print(out(), keys);
      return 0;
    }
  }

  @Command(name = "retire", description = "Stop publishing the previous key, once every ID token it signed has expired "
    + "(oidc.accessTokenTtl after the rotation). Restart the instances one by one afterwards.",
    footer = "  java -jar lanyard.jar keys retire")
  static final class Retire extends RuntimeCommand {

    @Mixin
    private Which which = new Which();

    @Override
    int run(CliRuntime runtime) {
      int retired = Await.result(KeptIdTokenKeys.retirePrevious(runtime.pool(), which.algorithms()));
      out().println(retired > 0 ? "Retired " + retired + " previous key(s)" : "No previous key to retire");
      return 0;
    }
  }

  /** Each algorithm's signing key id, then the ids of the keys still published beside them. */
  private static void print(PrintWriter out, IdTokenKeys keys) {
    for (IdTokenAlgorithm algorithm : IdTokenAlgorithm.values()) {
      String prefix = algorithm.name().toLowerCase(Locale.ROOT);
      Optional<String> signing = keys.signingKid(algorithm);
      signing.ifPresent(kid -> out.println(prefix + "_signing_kid\t" + kid));
      keys.publicKeys().getKeys().stream()
        .filter(key -> algorithm.name().equals(String.valueOf(key.getAlgorithm())))
        .map(JWK::getKeyID).filter(kid -> !signing.map(kid::equals).orElse(false))
        .forEach(kid -> out.println(prefix + "_previous_kid\t" + kid));
    }
  }
}
