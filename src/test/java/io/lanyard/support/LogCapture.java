package io.lanyard.support;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.List;

/** The lines one logger writes while a test runs (the service runs in the test's JVM), read back as formatted messages. */
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

  @Override
  public void close() {
    logger.detachAppender(appender);
    appender.stop();
  }
}
