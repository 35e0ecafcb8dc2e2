package io.lanyard.web;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.lanyard.model.api.RawJson;
import io.lanyard.model.api.Reply;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The Kuzzle reply envelope: exactly nine keys, in this order, for every reply of every route. {@code result} is null beside an
 * error, unless the reply chose to keep one (the health check's 503).
 *
 * <p>The frame is the same for every reply: its keys and fixed nulls are bytes made once, between which the values are
 * appended, strings escaped by Jackson and JSON values written by it. A reply whose result was serialised once (the user
 * types) is written without starting a JSON generator at all, which cost more than the rest of the envelope.
 */
public record Envelope(String requestId, Reply reply, String controller, String action) {

  private static final int INITIAL_CAPACITY = 512;
  private static final byte[] REQUEST_ID = bytes("{\"requestId\":");
  private static final byte[] STATUS = bytes(",\"status\":");
  private static final byte[] ERROR = bytes(",\"error\":");
  private static final byte[] CONTROLLER = bytes(",\"controller\":");
  private static final byte[] ACTION = bytes(",\"action\":");
  private static final byte[] NO_COLLECTION_INDEX_VOLATILE = bytes(",\"collection\":null,\"index\":null,\"volatile\":null");
  private static final byte[] RESULT = bytes(",\"result\":");
  private static final byte[] NULL = bytes("null");
  private static final byte QUOTE = '"';
  private static final byte END = '}';

  public JsonObject toJson() {
    return new JsonObject(toBuffer());
  }

  public Buffer toBuffer() {
    Buffer buffer = Buffer.buffer(INITIAL_CAPACITY);
    buffer.appendBytes(REQUEST_ID);
    appendString(buffer, requestId);
    buffer.appendBytes(STATUS).appendString(Integer.toString(reply.status()));
    buffer.appendBytes(ERROR);
    appendValue(buffer, reply.error() == null ? null : reply.error().toJson());
    buffer.appendBytes(CONTROLLER);
    appendString(buffer, controller);
    buffer.appendBytes(ACTION);
    appendString(buffer, action);
    buffer.appendBytes(NO_COLLECTION_INDEX_VOLATILE).appendBytes(RESULT);
    appendValue(buffer, reply.serialisedResult() != null ? reply.serialisedResult() : reply.result());
    return buffer.appendByte(END);
  }

  private static void appendString(Buffer buffer, String text) {
    if (text == null) {
      buffer.appendBytes(NULL);
    } else {
      buffer.appendByte(QUOTE).appendBytes(JsonStringEncoder.getInstance().quoteAsUTF8(text)).appendByte(QUOTE);
    }
  }

  private static void appendValue(Buffer buffer, Object value) {
    if (value == null) {
      buffer.appendBytes(NULL);
    } else if (value instanceof RawJson raw) {
      buffer.appendBytes(raw.json().asUnquotedUTF8());
    } else {
      try (JsonGenerator out = JsonWriter.FACTORY.createGenerator(new BufferOutputStream(buffer))) {
        JsonWriter.write(out, value);
      } catch (IOException e) {
        throw new UncheckedIOException("writing to memory cannot fail", e);
      }
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
