package io.lanyard.model.audit;

import io.lanyard.model.api.RequestOrigin;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The audit queue, before anything is written: a full queue drops and counts; a flood from one source is only counted. */
class AuditBufferTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @Test
  void aFullQueueDropsAndCountsRatherThanBlocks() {
    AuditBuffer buffer = buffer(3, 100);

    for (int i = 0; i < 5; i++) {
      buffer.record(AuditEvent.of(AuditKind.LOGIN_SUCCEEDED, origin("203.0.113.1")));
    }

    assertThat(count("dropped")).isEqualTo(2);
    assertThat(registry.get("lanyard.audit.queue.size").gauge().value()).isEqualTo(3);
  }

  @Test
  void refusalsPastTheThresholdOfASourceAreCountedNotQueued() {
    AuditBuffer buffer = buffer(100, 2);

    for (int i = 0; i < 5; i++) {
      buffer.record(AuditEvent.of(AuditKind.LOGIN_FAILED, origin("203.0.113.1")));
    }
    buffer.record(AuditEvent.of(AuditKind.LOGIN_FAILED, origin("203.0.113.2")));
    buffer.record(AuditEvent.of(AuditKind.APP_TOKEN_REFUSED, origin("203.0.113.1")));

    assertThat(count("folded")).isEqualTo(3);
    assertThat(registry.get("lanyard.audit.queue.size").gauge().value()).isEqualTo(4);
  }

  @Test
  void successesAreNeverFolded() {
    AuditBuffer buffer = buffer(100, 2);

    for (int i = 0; i < 5; i++) {
      buffer.record(AuditEvent.of(AuditKind.LOGIN_SUCCEEDED, origin("203.0.113.1")));
    }

    assertThat(count("folded")).isZero();
    assertThat(registry.get("lanyard.audit.queue.size").gauge().value()).isEqualTo(5);
  }

  private AuditBuffer buffer(int queueSize, int floodThreshold) {
    return new AuditBuffer(null, new AuditRepository(),
      new AuditBuffer.Settings(Duration.ofSeconds(1), queueSize, floodThreshold, Duration.ofDays(90)), registry);
  }

  private double count(String outcome) {
    return registry.get("lanyard.audit.events").tag("outcome", outcome).counter().count();
  }

  private static RequestOrigin origin(String source) {
    return new RequestOrigin("request-1", source, "test");
  }
}
