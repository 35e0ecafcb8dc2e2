package io.lanyard.web;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonBodiesTest {

  private final JsonBodies bodies = new JsonBodies(32);

  @Test
  void emptyOrBlankBodyIsAnEmptyObject() {
    assertThat(bodies.parse(Buffer.buffer()).body()).isEqualTo(new JsonObject());
    assertThat(bodies.parse(Buffer.buffer(" \n\t")).body()).isEqualTo(new JsonObject());
  }

  @Test
  void objectIsParsedWithItsNestedValues() {
    JsonBodies.Parsed parsed = bodies.parse(Buffer.buffer("{\"a\":{\"b\":[1,\"x\",null]},\"n\":1.5}"));

    assertThat(parsed.error()).isNull();
    assertThat(parsed.body().getJsonObject("a").getJsonArray("b").getString(1)).isEqualTo("x");
    assertThat(parsed.body().getDouble("n")).isEqualTo(1.5);
  }

  @Test
  void refusesNonObjectsTrailingTokensAndGarbage() {
    for (String text : new String[] {"[]", "1", "\"s\"", "null", "{", "{} {}", "{\"a\":1}x", "\u0000"}) {
      assertThat(bodies.parse(Buffer.buffer(text)).error()).withFailMessage(text).isNotNull();
      assertThat(bodies.parse(Buffer.buffer(text)).error().status()).isEqualTo(400);
    }
  }

  @Test
  void depthLimitCountsArraysAndObjects() {
    String thirtyTwo = "[".repeat(31) + "{}" + "]".repeat(31);
    String thirtyThree = "{\"a\":" + thirtyTwo + "}";

    assertThat(bodies.parse(Buffer.buffer("{\"a\":" + "[".repeat(30) + "1" + "]".repeat(30) + "}")).error()).isNull();
    assertThat(bodies.parse(Buffer.buffer(thirtyThree)).error().id()).isEqualTo("api.assert.body_too_deep");
  }

  @Test
  void aNumberPastTheParserLimitIsNotMistakenForDepth() {
    JsonBodies.Parsed parsed = bodies.parse(Buffer.buffer("{\"a\":{\"b\":" + "9".repeat(5_000) + "}}"));

    assertThat(parsed.error().id()).isEqualTo("api.assert.body_value_too_long");
  }
}
