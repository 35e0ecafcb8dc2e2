package io.lanyard.platform.support;

import ch.qos.logback.classic.spi.ILoggingEvent;
import com.fasterxml.jackson.core.JsonGenerator;
import net.logstash.logback.composite.AbstractFieldJsonProvider;

import java.io.IOException;

/** {@code "requestId"} in JSON log lines: the id of the request the line was logged for (as {@code %requestId} in text). */
public final class RequestIdJsonProvider extends AbstractFieldJsonProvider<ILoggingEvent> {

  public RequestIdJsonProvider() {
    setFieldName("requestId");
  }

  @Override
  public void writeTo(JsonGenerator generator, ILoggingEvent event) throws IOException {
    String requestId = RequestLogContext.current();
    if (requestId != null) {
      generator.writeStringField(getFieldName(), requestId);
    }
  }
}
