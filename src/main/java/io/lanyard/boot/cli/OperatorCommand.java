package io.lanyard.boot.cli;

import io.lanyard.model.audit.AuditEvent;
import io.lanyard.model.audit.AuditTrail;
import io.vertx.core.Future;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A change to an account made by an operator, recorded in the audit trail with the operator's name. */
abstract class OperatorCommand extends AccountCommand {

  private static final int MAX_OPERATOR = 64;

  @Option(names = "--operator", defaultValue = "${sys:user.name}", paramLabel = "NAME",
    description = "Who makes the change, for the audit trail (default: your login name, ${DEFAULT-VALUE}).")
  String operator;

  /** The operator's name as the audit trail keeps it ({@code operator NAME}), checked. */
  String actor() {
    if (operator == null || operator.isBlank() || operator.length() > MAX_OPERATOR
      || operator.codePoints().anyMatch(Character::isISOControl)) {
      throw new ParameterException(spec.commandLine(), "--operator: 1 to " + MAX_OPERATOR + " characters, no control characters");
    }
    return "operator " + operator.strip();
  }

  /**
   * Runs an operation that records its audit events from an event loop, where the CLI's immediate write would block: they are
   * written once it is done.
   */
  static <T> T audited(CliRuntime runtime, Function<AuditTrail, Future<T>> operation) {
    List<AuditEvent> events = new CopyOnWriteArrayList<>();
    T result = Await.result(operation.apply(events::add));
    events.forEach(runtime::audit);
    return result;
  }
}
