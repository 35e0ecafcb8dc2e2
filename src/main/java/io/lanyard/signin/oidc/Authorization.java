package io.lanyard.signin.oidc;

import com.nimbusds.openid.connect.sdk.AuthenticationRequest;
import com.nimbusds.openid.connect.sdk.Prompt;
import io.lanyard.model.applications.OidcClient;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An authorization request that passed every check ({@link AuthorizationRequests}): the client, its exactly registered
 * redirect URI, the known scopes it asked for, and the request as the hosted pages carry it on (its parameters, re-checked
 * whenever they come back).
 */
public record Authorization(OidcClient client, AuthenticationRequest request, URI redirectUri, List<String> scopes,
                            Map<String, List<String>> parameters) {

  public boolean prompts(Prompt.Type type) {
    return request.getPrompt() != null && request.getPrompt().contains(type);
  }

  /** The address to prefill on the login page. */
  public Optional<String> loginHint() {
    return Optional.ofNullable(request.getLoginHint()).filter(hint -> hint.contains("@"));
  }

  /** The page language the client asked for ({@code ui_locales}), if it is one of ours. */
  public Optional<String> uiLanguage() {
    if (request.getUILocales() == null) {
      return Optional.empty();
    }
    return request.getUILocales().stream().map(tag -> tag.getPrimaryLanguage().toLowerCase(java.util.Locale.ROOT))
      .filter(language -> language.equals("fr") || language.equals("en")).findFirst()
      .map(language -> language.equals("fr") ? "fre-FR" : "eng-GB");
  }
}
