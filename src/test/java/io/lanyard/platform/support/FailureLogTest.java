package io.lanyard.platform.support;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** One line per class of failure and interval; the next line says how many occurrences it stands for. */
class FailureLogTest {

  private final Logger logger = (Logger) LoggerFactory.getLogger("failure-log-test");
  private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

  @BeforeEach
  void capture() {
    lines.start();
    logger.addAppender(lines);
  }

  @AfterEach
  void release() {
    logger.detachAppender(lines);
  }

  @Test
  void aRepeatedFailureIsOneLinePerIntervalThenCounted() {
    AtomicLong now = new AtomicLong();
    FailureLog log = new FailureLog(logger, Duration.ofSeconds(10), now::get);

    for (int i = 0; i < 1000; i++) {
      log.warn("refused", "Connection refused");
      now.addAndGet(Duration.ofMillis(5).toNanos());
    }
    log.warn("timeout", "Timed out");
    now.addAndGet(Duration.ofSeconds(6).toNanos());
    log.warn("refused", "Connection refused");

    assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
      "Connection refused", "Timed out", "Connection refused (999 more like it since the last such line)");
    assertThat(lines.list).allMatch(event -> event.getThrowableProxy() == null);
  }
}
