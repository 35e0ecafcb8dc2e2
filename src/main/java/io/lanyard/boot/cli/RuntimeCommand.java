package io.lanyard.boot.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * A command that works with the CLI's runtime (configuration, database, Vert.x): open while it runs, closed after, whatever
 * happens; the command answers its exit status.
 */
abstract class RuntimeCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Override
  public final Integer call() throws Exception {
    try (CliRuntime runtime = CliRuntime.open(spec)) {
      return run(runtime);
    }
  }

  abstract int run(CliRuntime runtime) throws Exception;
}
