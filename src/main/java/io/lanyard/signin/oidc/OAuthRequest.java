package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;

import java.net.URI;
import java.util.Map;

/**
 * A request to one of the provider's JSON endpoints as the HTTP layer hands it over: no routing context, only what the
 * library reads (method, URI, the headers that matter, the body).
 *
 * @param headers {@code Authorization} and {@code Content-Type} when sent
 */
public record OAuthRequest(String method, URI uri, Map<String, String> headers, String body) {

  /** The library's request, which its parsers read. */
  HTTPRequest toHttpRequest() throws ParseException {
    HTTPRequest request = new HTTPRequest(HTTPRequest.Method.valueOf(method), uri);
    String contentType = headers.get("Content-Type");
    if (contentType != null) {
      request.setContentType(contentType);
    }
    String authorization = headers.get("Authorization");
    if (authorization != null) {
      request.setAuthorization(authorization);
    }
    request.setBody(body);
    return request;
  }
}
