package io.lanyard.platform.support;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/** {@code %requestId} in a logback pattern: the id of the request the line was logged for, or "-". */
public final class RequestIdConverter extends ClassicConverter {

  @Override
  public String convert(ILoggingEvent event) {
    String requestId = RequestLogContext.current();
    return requestId == null ? "-" : requestId;
  }
}
