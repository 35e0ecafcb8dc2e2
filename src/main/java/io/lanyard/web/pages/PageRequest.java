package io.lanyard.web.pages;

import io.lanyard.model.api.ApiRequest;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.Optional;

/**
 * A request to a hosted page, as the pages see it: no routing context, only what they may read.
 *
 * @param params the query string of a GET, the form fields of a POST
 * @param formToken the anti-forgery value to put in the page's forms
 * @param formAccepted whether a POST came from one of our own forms (its anti-forgery value and origin checked out)
 * @param source the client's address (docs/decisions.md §7), for the operations' limits
 */
public record PageRequest(Map<String, String> params, String acceptLanguage, String formToken, boolean formAccepted,
                          String requestId, String source, String userAgent) {

  /** A parameter, or empty when absent. */
  public String param(String name) {
    String value = params.get(name);
    return value == null ? "" : value;
  }

  /** The request an operation of the API would get with this body: the same rules and limits apply to pages. */
  ApiRequest toApiRequest(JsonObject body) {
    return new ApiRequest(requestId, body, MultiMap.caseInsensitiveMultiMap(), Map.of(), Optional.empty(), source, userAgent);
  }
}
