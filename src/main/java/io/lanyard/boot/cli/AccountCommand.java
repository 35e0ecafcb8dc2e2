package io.lanyard.boot.cli;

import picocli.CommandLine.Parameters;

/** A command about one account, named by its e-mail address. */
abstract class AccountCommand extends RuntimeCommand {

  @Parameters(paramLabel = "EMAIL", description = "The account's e-mail address.")
  String email;
}
