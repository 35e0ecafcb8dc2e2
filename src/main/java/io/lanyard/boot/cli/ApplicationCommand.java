package io.lanyard.boot.cli;

import picocli.CommandLine.Parameters;

/** A command about one application, named as {@code apps create} named it. */
abstract class ApplicationCommand extends RuntimeCommand {

  @Parameters(paramLabel = "NAME", description = "The application's name.")
  String name;
}
