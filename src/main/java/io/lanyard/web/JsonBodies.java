package io.lanyard.web;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lanyard.model.api.ApiError;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.util.Map;

/** Parses request bodies: a JSON object or nothing, nested no deeper than the configured limit. */
final class JsonBodies {

  /** The outcome: a body, or the error to answer with. */
  record Parsed(JsonObject body, ApiError error) {
  }

  private final ObjectMapper mapper;
  private final int maxDepth;

  JsonBodies(int maxDepth) {
    this.maxDepth = maxDepth;
    JsonFactory factory = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(maxDepth).build())
      .build();
    this.mapper = new ObjectMapper(factory).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  }

  /** An empty body is an empty object: Kuzzle clients send none on reads. */
  @SuppressWarnings("unchecked")
  Parsed parse(Buffer buffer) {
    if (buffer == null || buffer.length() == 0 || isBlank(buffer)) {
      return new Parsed(new JsonObject(), null);
    }
    try (JsonParser parser = mapper.createParser(buffer.getBytes())) {
      try {
        Object value = mapper.readValue(parser, Object.class);
        if (value instanceof Map<?, ?> map) {
          return new Parsed(new JsonObject((Map<String, Object>) map), null);
        }
        return new Parsed(null, ApiError.unparsableBody());
      } catch (StreamConstraintsException e) {
        // the parser stopped either at the nesting limit or at a number or string past Jackson's length limits
        return new Parsed(null, parser.getParsingContext().getNestingDepth() >= maxDepth ? ApiError.tooDeep(maxDepth)
          : ApiError.valueTooLong());
      }
    } catch (IOException e) {
      return new Parsed(null, ApiError.unparsableBody());
    }
  }

  private static boolean isBlank(Buffer buffer) {
    for (int i = 0; i < buffer.length(); i++) {
      byte b = buffer.getByte(i);
      if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
        return false;
      }
    }
    return true;
  }
}
