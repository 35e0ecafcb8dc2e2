package io.lanyard.applications;

import io.lanyard.accounts.Emails;
import io.lanyard.accounts.ProfileChange;
import io.lanyard.api.RequestFields;
import io.lanyard.api.Result;
import io.lanyard.api.StatusCode;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * The body of the third-party routes: {@code email} and {@code appToken}, and for an update {@code data}, an object or a
 * string holding one (SPEC.md shows both). Missing or empty: 137; present but unusable: 190.
 */
public record ThirdPartyRequest(String email, String appToken, ProfileChange change) {

  /** A request, or the refusal to answer with. */
  public record Parsed(ThirdPartyRequest request, Result refusal) {
  }

  public static Parsed forRead(JsonObject body) {
    return parse(body, false);
  }

  public static Parsed forUpdate(JsonObject body) {
    return parse(body, true);
  }

  private static Parsed parse(JsonObject body, boolean withData) {
    RequestFields fields = new RequestFields(body);
    String rawEmail = fields.string("email", Emails.MAX_LENGTH);
    String appToken = fields.string("appToken");
    JsonObject data = withData ? data(body, fields) : null;
    String email = rawEmail == null ? null : Emails.normalise(rawEmail);
    fields.check("email", email, email != null && Emails.isValid(email), "invalid_email");

    Optional<Result> refusal = fields.refusal(StatusCode.UPDATE_MISSING_FIELD);
    if (refusal.isPresent()) {
      return new Parsed(null, refusal.get());
    }
    if (!withData) {
      return new Parsed(new ThirdPartyRequest(email, appToken, null), null);
    }
    ProfileFields.Parsed profile = ProfileFields.parse(data);
    if (!profile.problems().isEmpty()) {
      return new Parsed(null, Result.refused(StatusCode.INVALID_FIELD, profile.problems()));
    }
    return new Parsed(new ThirdPartyRequest(email, appToken, profile.change()), null);
  }

  /** {@code data} as an object: given as one, or as a string holding one. Absent or {@code {}} is missing. */
  private static JsonObject data(JsonObject body, RequestFields fields) {
    Object value = body.getValue("data");
    JsonObject data = null;
    if (value instanceof JsonObject object) {
      data = object;
    } else if (value instanceof String text && !text.isBlank()) {
      data = parseObject(text);
      if (data == null) {
        fields.check("data", text, false, "not_a_json_object");
        return null;
      }
    } else if (value != null && !(value instanceof String)) {
      fields.check("data", value, false, "not_an_object");
      return null;
    }
    if (data == null || data.isEmpty()) {
      fields.missing("data");
      return null;
    }
    return data;
  }

  private static JsonObject parseObject(String text) {
    try {
      return new JsonObject(text);
    } catch (DecodeException | ClassCastException e) {
      return null;
    }
  }
}
