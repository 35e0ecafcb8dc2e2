package io.lanyard.web;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.lanyard.model.api.RawJson;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Writes JSON values with Jackson's streaming generator: every reply goes through here, and going through databind (a
 * serializer provider and a lookup per value) cost a measurable share of a request's CPU.
 */
final class JsonWriter {

  static final JsonFactory FACTORY = new JsonFactory();

  private JsonWriter() {
  }

  static void write(JsonGenerator out, Object value) throws IOException {
    if (value == null) {
      out.writeNull();
    } else if (value instanceof String text) {
      out.writeString(text);
    } else if (value instanceof Boolean bool) {
      out.writeBoolean(bool);
    } else if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
      out.writeNumber(((Number) value).longValue());
    } else if (value instanceof Double || value instanceof Float) {
      out.writeNumber(((Number) value).doubleValue());
    } else if (value instanceof RawJson raw) {
      out.writeRawValue(raw.json());
    } else if (value instanceof JsonObject object) {
      writeObject(out, object.getMap());
    } else if (value instanceof Map<?, ?> map) {
      writeObject(out, map);
    } else if (value instanceof JsonArray array) {
      writeArray(out, array.getList());
    } else if (value instanceof List<?> list) {
      writeArray(out, list);
    } else if (value instanceof BigInteger big) {
      out.writeNumber(big);
    } else if (value instanceof BigDecimal big) {
      out.writeNumber(big);
    } else {
      // anything else Vert.x knows how to encode (instants, binary): its own encoding, rare on this path
      out.writeRawValue(Json.encode(value));
    }
  }

  private static void writeObject(JsonGenerator out, Map<?, ?> map) throws IOException {
    out.writeStartObject();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      out.writeFieldName(String.valueOf(entry.getKey()));
      write(out, entry.getValue());
    }
    out.writeEndObject();
  }

  private static void writeArray(JsonGenerator out, List<?> list) throws IOException {
    out.writeStartArray();
    for (Object item : list) {
      write(out, item);
    }
    out.writeEndArray();
  }
}
