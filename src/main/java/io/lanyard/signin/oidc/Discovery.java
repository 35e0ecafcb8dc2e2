package io.lanyard.signin.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.oauth2.sdk.GrantType;
import com.nimbusds.oauth2.sdk.ResponseMode;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.openid.connect.sdk.SubjectType;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import com.nimbusds.langtag.LangTag;
import com.nimbusds.langtag.LangTagException;

import java.net.URI;
import java.util.List;

/**
 * {@code /.well-known/openid-configuration} (OpenID Connect Discovery 1.0 §3) and where each endpoint is: under the issuer,
 * {@code http.publicUrl}, as people and clients reach the service (a proxy's path prefix included).
 */
public final class Discovery {

  public static final String AUTHORIZE = "/oidc/authorize";
  public static final String TOKEN = "/oidc/token";
  public static final String USERINFO = "/oidc/userinfo";
  public static final String REVOKE = "/oidc/revoke";
  public static final String INTROSPECT = "/oidc/introspect";
  public static final String LOGOUT = "/oidc/logout";
  public static final String JWKS = "/.well-known/jwks.json";
  public static final String CONFIGURATION = "/.well-known/openid-configuration";

  private Discovery() {
  }

  /** The provider's metadata, as JSON. */
  static String metadata(String issuer, List<JWSAlgorithm> idTokenAlgorithms) {
    OIDCProviderMetadata metadata = new OIDCProviderMetadata(new Issuer(issuer), List.of(SubjectType.PUBLIC),
      URI.create(issuer + JWKS));
    metadata.setAuthorizationEndpointURI(URI.create(issuer + AUTHORIZE));
    metadata.setTokenEndpointURI(URI.create(issuer + TOKEN));
    metadata.setUserInfoEndpointURI(URI.create(issuer + USERINFO));
    metadata.setRevocationEndpointURI(URI.create(issuer + REVOKE));
    metadata.setIntrospectionEndpointURI(URI.create(issuer + INTROSPECT));
    metadata.setEndSessionEndpointURI(URI.create(issuer + LOGOUT));
    metadata.setResponseTypes(List.of(ResponseType.CODE));
    metadata.setResponseModes(List.of(ResponseMode.QUERY));
    metadata.setGrantTypes(List.of(GrantType.AUTHORIZATION_CODE, GrantType.REFRESH_TOKEN));
    metadata.setCodeChallengeMethods(List.of(CodeChallengeMethod.S256));
    metadata.setScopes(new Scope(Scopes.SUPPORTED.toArray(String[]::new)));
    metadata.setClaims(List.of("sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "azp", "sid", "email",
      "email_verified", "given_name", "family_name", "locale"));
    metadata.setTokenEndpointAuthMethods(OidcClients.methods());
    metadata.setRevocationEndpointAuthMethods(OidcClients.methods());
    metadata.setIntrospectionEndpointAuthMethods(OidcClients.methods().subList(0, 2));
    metadata.setIDTokenJWSAlgs(idTokenAlgorithms);
    metadata.setSupportsAuthorizationResponseIssuerParam(true);
    metadata.setSupportsRequestParam(false);
    metadata.setSupportsRequestURIParam(false);
    metadata.setSupportsClaimsParams(false);
    metadata.setSupportsFrontChannelLogout(false);
    metadata.setSupportsBackChannelLogout(true);
    metadata.setSupportsBackChannelLogoutSession(true);
    metadata.setPromptTypes(List.of(com.nimbusds.openid.connect.sdk.Prompt.Type.NONE,
      com.nimbusds.openid.connect.sdk.Prompt.Type.LOGIN, com.nimbusds.openid.connect.sdk.Prompt.Type.CONSENT));
    try {
      metadata.setUILocales(List.of(LangTag.parse("en-GB"), LangTag.parse("fr-FR")));
    } catch (LangTagException e) {
      throw new IllegalStateException(e);
    }
    return metadata.toJSONObject().toJSONString();
  }
}
