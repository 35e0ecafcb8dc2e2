package io.lanyard.http;

import com.fasterxml.jackson.core.JsonGenerator;
import io.lanyard.api.Reply;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The Kuzzle reply envelope: exactly nine keys, in this order, for every reply of every route. {@code result} is null beside an
 * error, unless the reply chose to keep one (the health check's 503).
 */
public record Envelope(String requestId, Reply reply, String controller, String action) {

  private static final int INITIAL_CAPACITY = 512;

  public JsonObject toJson() {
    return new JsonObject(toBuffer());
  }

  public Buffer toBuffer() {
    Buffer buffer = Buffer.buffer(INITIAL_CAPACITY);
    try (JsonGenerator out = JsonWriter.FACTORY.createGenerator(new BufferOutputStream(buffer))) {
      out.writeStartObject();
      out.writeStringField("requestId", requestId);
      out.writeNumberField("status", reply.status());
      out.writeFieldName("error");
      JsonWriter.write(out, reply.error() == null ? null : reply.error().toJson());
      out.writeFieldName("controller");
      JsonWriter.write(out, controller);
      out.writeFieldName("action");
      JsonWriter.write(out, action);
      out.writeNullField("collection");
      out.writeNullField("index");
      out.writeNullField("volatile");
      out.writeFieldName("result");
      JsonWriter.write(out, reply.result());
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return buffer;
  }
}
