package io.lanyard.web.pages;

import io.lanyard.model.api.ApiRequest;
import io.lanyard.model.api.RequestOrigin;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A request to a hosted page, as the pages see it: no routing context, only what they may read.
 *
 * @param params the query string of a GET, the form fields of a POST
 * @param formToken the anti-forgery value to put in the page's forms
 * @param formAccepted whether a POST came from one of our own forms (its anti-forgery value and origin checked out)
 * @param source the client's address (docs/decisions.md §7), for the operations' limits
 * @param parameters every value of every parameter (an OpenID Connect request refuses one given twice)
 * @param sessionCookie the browser's single sign-on session cookie, if it sent one
 * @param deviceCookie the browser's device marker cookie (docs/security.md#device-markers), if it sent one
 */
public record PageRequest(Map<String, String> params, String acceptLanguage, String formToken, boolean formAccepted,
                          String requestId, String source, String userAgent, Map<String, List<String>> parameters,
                          Optional<String> sessionCookie, Optional<String> deviceCookie) {

  /** A parameter, or empty when absent. */
  public String param(String name) {
    String value = params.get(name);
    return value == null ? "" : value;
  }

  /** Where the request came from, for the audit trail. */
  RequestOrigin origin() {
    return new RequestOrigin(requestId, source, userAgent);
  }

  /** The request an operation of the API would get with this body: the same rules and limits apply to pages. */
  ApiRequest toApiRequest(JsonObject body) {
    return new ApiRequest(requestId, body, MultiMap.caseInsensitiveMultiMap(), Map.of(), Optional.empty(), source, userAgent);
  }
}
