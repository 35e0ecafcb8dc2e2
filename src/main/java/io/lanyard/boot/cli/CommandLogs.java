package io.lanyard.boot.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import org.slf4j.LoggerFactory;

import java.util.Iterator;

/**
 * Where an operator command logs: standard error, so that standard output carries nothing but what the command prints and can
 * be piped. The service keeps standard output (LogConfigurator), where container platforms collect it.
 */
final class CommandLogs {

  private static final String STANDARD_ERROR = "System.err";

  private CommandLogs() {
  }

  /** Points the console appenders at standard error, before the command logs anything. */
  static void toStandardError() {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return;
    }
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    for (Iterator<Appender<ILoggingEvent>> appenders = root.iteratorForAppenders(); appenders.hasNext(); ) {
      if (appenders.next() instanceof ConsoleAppender<ILoggingEvent> console && !STANDARD_ERROR.equals(console.getTarget())) {
        // stopping a console appender flushes it and leaves System.out open (its stream does not close the console)
        console.stop();
        console.setTarget(STANDARD_ERROR);
        console.start();
      }
    }
  }
}
