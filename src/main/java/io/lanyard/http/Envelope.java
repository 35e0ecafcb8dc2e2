package io.lanyard.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
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
  // the keys as UTF-8 bytes, made once: every reply writes all nine
  private static final SerializableString REQUEST_ID = key("requestId");
  private static final SerializableString STATUS = key("status");
  private static final SerializableString ERROR = key("error");
  private static final SerializableString CONTROLLER = key("controller");
  private static final SerializableString ACTION = key("action");
  private static final SerializableString COLLECTION = key("collection");
  private static final SerializableString INDEX = key("index");
  private static final SerializableString VOLATILE = key("volatile");
  private static final SerializableString RESULT = key("result");

  public JsonObject toJson() {
    return new JsonObject(toBuffer());
  }

  public Buffer toBuffer() {
    Buffer buffer = Buffer.buffer(INITIAL_CAPACITY);
    try (JsonGenerator out = JsonWriter.FACTORY.createGenerator(new BufferOutputStream(buffer))) {
      out.writeStartObject();
      out.writeFieldName(REQUEST_ID);
      out.writeString(requestId);
      out.writeFieldName(STATUS);
      out.writeNumber(reply.status());
      out.writeFieldName(ERROR);
      JsonWriter.write(out, reply.error() == null ? null : reply.error().toJson());
      out.writeFieldName(CONTROLLER);
      JsonWriter.write(out, controller);
      out.writeFieldName(ACTION);
      JsonWriter.write(out, action);
      out.writeFieldName(COLLECTION);
      out.writeNull();
      out.writeFieldName(INDEX);
      out.writeNull();
      out.writeFieldName(VOLATILE);
      out.writeNull();
      out.writeFieldName(RESULT);
      JsonWriter.write(out, reply.serialisedResult() != null ? reply.serialisedResult() : reply.result());
      out.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return buffer;
  }

  private static SerializableString key(String name) {
    SerializedString key = new SerializedString(name);
    // encodes and keeps the bytes now, rather than on the first replies
    key.asQuotedUTF8();
    return key;
  }
}
