package io.lanyard.partners;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.accounts.ProfileChange;
import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.Caller;
import io.lanyard.model.api.RequestFields;
import io.lanyard.model.api.RequestOrigin;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.applications.ProfileFields;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

import java.util.Optional;

/**
 * The body of the third-party routes: {@code email} and {@code appToken}, and for an update {@code data}, an object or a
 * string holding one (docs/api.md shows both). Missing or empty: 137; present but unusable: 190.
 *
 * @param refusal the reply when the body is unusable; the other fields are then not to be read but the caller and, when
 *                present, the application token, which is checked first
 * @param origin where the request came from, for the audit trail
 */
public record ThirdPartyRequest(Caller caller, String email, String appToken, ProfileChange change,
                                Optional<Result> refusal, RequestOrigin origin) {

  /** {@code POST /_plugin/{P}/thirdParty/getUser}. */
  public static ThirdPartyRequest forRead(ApiRequest request) {
    return parse(request.requireCaller(), request.body(), false, request.origin());
  }

  /** {@code POST /_plugin/{P}/thirdParty/updateUser}. */
  public static ThirdPartyRequest forUpdate(ApiRequest request) {
    return parse(request.requireCaller(), request.body(), true, request.origin());
  }

  private static ThirdPartyRequest parse(Caller caller, JsonObject body, boolean withData, RequestOrigin origin) {
    RequestFields fields = new RequestFields(body);
    String rawEmail = fields.string("email", Emails.MAX_LENGTH);
    String appToken = fields.string("appToken");
    JsonObject data = withData ? data(body, fields) : null;
    String email = rawEmail == null ? null : Emails.normalise(rawEmail);
    fields.check("email", email, email != null && Emails.isValid(email), "invalid_email");

    Optional<Result> refusal = fields.refusal(StatusCode.UPDATE_MISSING_FIELD);
    if (refusal.isPresent() || !withData) {
      return new ThirdPartyRequest(caller, email, appToken, null, refusal, origin);
    }
    ProfileFields.Parsed profile = ProfileFields.parse(data);
    if (!profile.problems().isEmpty()) {
      return new ThirdPartyRequest(caller, email, appToken, null,
        Optional.of(Result.refused(StatusCode.INVALID_FIELD, profile.problems())), origin);
    }
    return new ThirdPartyRequest(caller, email, appToken, profile.change(), Optional.empty(), origin);
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
