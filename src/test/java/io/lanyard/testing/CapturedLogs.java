package io.lanyard.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.List;

/** What one class logs while a test runs, every level included, as {@code "LEVEL message"} lines; detached on close. */
public final class CapturedLogs implements AutoCloseable {

  private final Logger logger;
  private final Level previousLevel;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  private CapturedLogs(Class<?> type) {
    this.logger = (Logger) LoggerFactory.getLogger(type);
    this.previousLevel = logger.getLevel();
    logger.setLevel(Level.DEBUG);
    appender.start();
    logger.addAppender(appender);
  }

  public static CapturedLogs of(Class<?> type) {
    return new CapturedLogs(type);
  }

  public List<String> lines() {
    // the appender adds under its own lock
    synchronized (appender) {
      return appender.list.stream().map(event -> event.getLevel() + " " + event.getFormattedMessage()).toList();
    }
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    logger.setLevel(previousLevel);
    appender.stop();
  }
}
