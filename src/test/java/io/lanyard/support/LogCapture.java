package io.lanyard.support;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.List;

/** What the service logs (every logger of this JVM) while a test runs, to check how much an outage writes and what. */
public final class LogCapture implements AutoCloseable {

  private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  public LogCapture() {
    appender.start();
    root.addAppender(appender);
  }

  /** Events at WARN or above. */
  public List<ILoggingEvent> warnings() {
    synchronized (appender.list) {
      return appender.list.stream().filter(event -> event.getLevel().isGreaterOrEqual(Level.WARN)).toList();
    }
  }

  /** Lines the console would print for these events: one per event, plus one per stack frame. */
  public static long lines(List<ILoggingEvent> events) {
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
    root.detachAppender(appender);
    appender.stop();
  }
}
