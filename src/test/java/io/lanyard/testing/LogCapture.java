package io.lanyard.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.List;

/** The lines one logger (or every logger) writes while a test runs (the service runs in the test's JVM). */
public final class LogCapture implements AutoCloseable {

  private final Logger logger;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  private LogCapture(String loggerName) {
    this.logger = (Logger) LoggerFactory.getLogger(loggerName);
    appender.start();
    logger.addAppender(appender);
  }

  public static LogCapture of(String loggerName) {
    return new LogCapture(loggerName);
  }

  /** Every logger of this JVM: to check how much an outage writes, and what. */
  public static LogCapture everything() {
    return new LogCapture(org.slf4j.Logger.ROOT_LOGGER_NAME);
  }

  public List<String> messages() {
    synchronized (appender.list) {
      return appender.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
  }

  /** Level and message, as {@code ERROR Something failed}. */
  public List<String> lines() {
    synchronized (appender.list) {
      return appender.list.stream().map(event -> event.getLevel() + " " + event.getFormattedMessage()).toList();
    }
  }

  /** Events at WARN or above. */
  public List<ILoggingEvent> warnings() {
    synchronized (appender.list) {
      return appender.list.stream().filter(event -> event.getLevel().isGreaterOrEqual(Level.WARN)).toList();
    }
  }

  /** Lines the console would print for these events: one per event, plus one per stack frame. */
  public static long printedLines(List<ILoggingEvent> events) {
    long lines = 0;
    for (ILoggingEvent event : events) {
      lines += 1;
      for (var proxy = event.getThrowableProxy(); proxy != null; proxy = proxy.getCause()) {
        lines += 1 + proxy.getStackTraceElementProxyArray().length;
      }
    }
    return lines;
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    appender.stop();
  }
}
