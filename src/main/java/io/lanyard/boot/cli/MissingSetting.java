package io.lanyard.boot.cli;

import io.lanyard.platform.config.ConfigLoader;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.Settings;
import picocli.CommandLine.Model.CommandSpec;

import java.util.Optional;

/**
 * A setting a command needs and the configuration lacks (docs/operating.md, "Settings a command needs"). The command refuses
 * with one line naming the setting and how to give it, before it writes anything: it never stores a secret in clear nor
 * does less than asked.
 *
 * @param setting what the operator sets, as docs/configuration.md names it
 * @param howToGive the environment variable (and config key, for a setting that has one)
 * @param why what the command needs it for
 */
record MissingSetting(String setting, String howToGive, String why) {

  /** Exit status of a refusal for a missing setting, as for any refusal (docs/operating.md, "Exit status"). */
  static final int EXIT_CODE = 1;

  /** The deployment key that encrypts secrets at rest: only from the environment, as every secret. */
  static Optional<MissingSetting> secretKey(LanyardConfig config, String why) {
    return config.jwt().secretKey().isPresent() ? Optional.empty()
      : Optional.of(new MissingSetting(ConfigLoader.JWT_SECRET_KEY_ENV, "set " + ConfigLoader.JWT_SECRET_KEY_ENV + " (or "
        + ConfigLoader.JWT_SECRET_KEY_ENV + "_FILE) to the service's key", why));
  }

  /** The service's public URL, under which the hosted pages are. */
  static MissingSetting publicUrl(String why) {
    return new MissingSetting("http.publicUrl", "set " + Settings.variable("http.publicUrl")
      + " or http.publicUrl in the config file", why);
  }

  /** The one line on standard error; nothing was changed. */
  String line() {
    return "lanyard: " + setting + " is not set, and it is needed " + why + ": " + howToGive + "; nothing was changed";
  }

  int refuse(CommandSpec spec) {
    spec.commandLine().getErr().println(line());
    return EXIT_CODE;
  }
}
