package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.http.HTTPResponse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one of the provider's JSON endpoints answers, as the RFC prescribes it (RFC 6749 §5, RFC 7009 §2.2, RFC 7662 §2.2,
 * RFC 6750 §3): a status, headers, a JSON body (or none). Never the Kuzzle envelope: clients read the standard format.
 */
public record OAuthReply(int status, Map<String, String> headers, String body) {

  static OAuthReply of(HTTPResponse response) {
    Map<String, String> headers = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> header : response.getHeaderMap().entrySet()) {
      headers.put(header.getKey(), String.join(", ", header.getValue()));
    }
    // every reply of these endpoints may carry a token or say something about one: no cache keeps it
    headers.put("Cache-Control", "no-store");
    headers.put("Pragma", "no-cache");
    return new OAuthReply(response.getStatusCode(), headers, response.getBody() == null ? "" : response.getBody());
  }
}
