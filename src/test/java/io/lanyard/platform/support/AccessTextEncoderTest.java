package io.lanyard.platform.support;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.LoggingEvent;
import io.lanyard.boot.Lanyard;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** The access log's encoder writes what the console's pattern (LogConfigurator's) writes, byte for byte. */
class AccessTextEncoderTest {

  private final LoggerContext context = new LoggerContext();
  private final PatternLayout pattern = new PatternLayout();
  private final AccessTextEncoder encoder = new AccessTextEncoder();

  AccessTextEncoderTest() {
    pattern.setContext(context);
    pattern.getInstanceConverterMap().put("requestId", RequestIdConverter::new);
    pattern.setPattern(LogConfigurator.TEXT_PATTERN);
    pattern.start();
    encoder.setContext(context);
    encoder.start();
  }

  @Test
  void writesThePatternsLineAtEveryMillisecondWidthAndAcrossSeconds() {
    for (long millis : List.of(1_764_000_000_000L, 1_764_000_000_007L, 1_764_000_000_042L, 1_764_000_000_999L,
      1_764_000_001_000L, 1_764_000_061_305L, 0L)) {
      LoggingEvent event = event("access", Level.INFO, "GET /_me 200 3ms 203.0.113.7", millis);

      assertThat(encoded(event)).isEqualTo(pattern.doLayout(event));
    }
  }

  @Test
  void writesOtherLevelsAndLoggerNamesAsThePatternDoes() {
    LoggingEvent warn = event("io.lanyard.web.AccessLog", Level.WARN, "POST /x closed 30000ms 127.0.0.1", 1_764_000_000_123L);
    LoggingEvent error = event("access", Level.ERROR, "GET /{} 500 1ms ::1 é", 1_764_000_000_123L);

    assertThat(encoded(warn)).isEqualTo(pattern.doLayout(warn));
    assertThat(encoded(error)).isEqualTo(pattern.doLayout(error));
  }

  @Test
  void writesTheRequestIdOfTheRequestBeingHandled() throws Exception {
    Vertx vertx = Lanyard.createVertx();
    try {
      LoggingEvent event = event("access", Level.INFO, "GET /_me 200 3ms 127.0.0.1", 1_764_000_000_500L);
      CompletableFuture<List<String>> lines = new CompletableFuture<>();
      vertx.getOrCreateContext().runOnContext(nothing -> {
        RequestLogContext.set("request-7");
        lines.complete(List.of(encoded(event), pattern.doLayout(event)));
      });

      assertThat(lines.get().get(0)).isEqualTo(lines.get().get(1)).contains(" [request-7] access - ");
    } finally {
      vertx.close().toCompletionStage().toCompletableFuture().get();
    }
  }

  private String encoded(LoggingEvent event) {
    return new String(encoder.encode(event), StandardCharsets.UTF_8);
  }

  private LoggingEvent event(String logger, Level level, String message, long millis) {
    LoggingEvent event = new LoggingEvent(getClass().getName(), context.getLogger(logger), level, message, null, null);
    event.setTimeStamp(millis);
    return event;
  }
}
