package io.lanyard.web;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Reply;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EnvelopeTest {

  @Test
  void writesNineKeysInKuzzleOrderWithNullsKept() {
    String json = new Envelope("id-1", Reply.of(Result.success()), "Vendor/userController", "getAllUserTypes").toBuffer().toString();

    assertThat(json).isEqualTo("{\"requestId\":\"id-1\",\"status\":200,\"error\":null,\"controller\":\"Vendor/userController\","
      + "\"action\":\"getAllUserTypes\",\"collection\":null,\"index\":null,\"volatile\":null,"
      + "\"result\":{\"statusCode\":0,\"message\":\"generic_success\"}}");
  }

  @Test
  void aResultSerialisedOnceIsWrittenAsTheSameBytes() {
    JsonObject data = new JsonObject().put("userTypes", List.of("visitor", "press"));

    assertThat(new Envelope("id-3", Reply.of(Result.reused(data)), "c", "a").toBuffer())
      .isEqualTo(new Envelope("id-3", Reply.of(Result.success(data)), "c", "a").toBuffer());
  }

  @Test
  void stringsAreEscapedAndNullStringsWrittenAsNull() {
    String requestId = "a\"quote\\ back\u0001ctl é \u2028";
    JsonObject json = new Envelope(requestId, Reply.of(Result.success()), null, null).toJson();

    assertThat(json.getString("requestId")).isEqualTo(requestId);
    assertThat(json.containsKey("controller")).isTrue();
    assertThat(json.getValue("controller")).isNull();
    assertThat(json.getValue("action")).isNull();
  }

  @Test
  void errorReplyHasNullResultAndTheErrorObject() {
    JsonObject json = new Envelope("id-2", Reply.error(ApiError.expiredToken()), "auth", "login").toJson();

    assertThat(List.copyOf(json.fieldNames())).containsExactly("requestId", "status", "error", "controller", "action",
      "collection", "index", "volatile", "result");
    assertThat(json.getInteger("status")).isEqualTo(401);
    assertThat(json.getValue("result")).isNull();
    assertThat(json.getJsonObject("error")).isEqualTo(new JsonObject().put("message", "Token expired").put("status", 401)
      .put("stack", "UnauthorizedError: Token expired").put("id", "security.token.expired"));
  }

  @Test
  void businessMessagesFollowTheCode() {
    assertThat(Result.created().toJson()).isEqualTo(new JsonObject().put("statusCode", 0).put("message", "create_user_success")
      .put("data", new JsonObject()));
    assertThat(Result.of(StatusCode.EMAIL_ALREADY_EXISTS).toJson().getString("message")).isEqualTo("create_user_already_exist");
    assertThat(Result.of(StatusCode.USER_TYPES_FAILED).toJson()).isEqualTo(new JsonObject().put("statusCode", 228)
      .put("message", "generic_error"));
  }
}
