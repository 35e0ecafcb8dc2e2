package io.lanyard.web;

import io.lanyard.services.throttling.SourceRates;

import java.util.List;

/**
 * Every action a request can run, stated once: its wire name (the Kuzzle action of the route table, the {@code operation} tag of
 * the metrics, the name of {@code GET /_publicApi}) and the per-source rates it spends, if any (docs/decisions.md §7). The route
 * table gives each API action its method, path and controller; the hosted pages name the action their form runs, so a form
 * spends the rate of the route it stands for. The last four are the pages' own, with no API route.
 */
public enum Action {
  SERVER_INFO("info"),
  PUBLIC_API("publicApi"),
  HEALTH_CHECK("healthCheck"),
  OPENAPI("openapi"),
  LOGIN("login", SourceRates.Kind.CREDENTIALS),
  PASSKEY_CHALLENGE("passkeyChallenge", SourceRates.Kind.CREDENTIALS),
  PASSKEY_OPTIONS("passkeyOptions", SourceRates.Kind.CREDENTIALS),
  REGISTER_PASSKEY("registerPasskey", SourceRates.Kind.CREDENTIALS),
  LIST_PASSKEYS("listPasskeys"),
  RENAME_PASSKEY("renamePasskey"),
  REMOVE_PASSKEY("removePasskey"),
  CHECK_TOKEN("checkToken"),
  REFRESH_TOKEN("refreshToken"),
  LOGOUT("logout"),
  GET_CURRENT_USER("getCurrentUser"),
  GET_JWKS("getJwks"),
  GET_ALL_USER_TYPES("getAllUserTypes"),
  CREATE_USER_WITH_PASSWORD("createUserWithPassword", SourceRates.Kind.CREDENTIALS),
  CREATE_USER("createUser", SourceRates.Kind.MAIL),
  ACTIVATE_USER("activateUser", SourceRates.Kind.CREDENTIALS),
  UPDATE_MY_CREDENTIALS("updateMyCredentials", SourceRates.Kind.CREDENTIALS),
  REQUEST_PASSWORD_RESET("requestPasswordReset", SourceRates.Kind.MAIL),
  RESET_PASSWORD("resetPassword", SourceRates.Kind.CREDENTIALS),
  REQUEST_EMAIL_CHANGE("requestEmailChange", SourceRates.Kind.CREDENTIALS, SourceRates.Kind.MAIL),
  CONFIRM_EMAIL_CHANGE("confirmEmailChange"),
  DELETE_ACCOUNT("deleteAccount", SourceRates.Kind.CREDENTIALS),
  EXPORT_DATA("exportData"),
  UPDATE_USER("updateUserInformationsThirdParty"),
  GET_USER("getUserForThirdParty"),
  OIDC_AUTHORIZE("oidcAuthorize"),
  OIDC_CONSENT("oidcConsent"),
  OIDC_LOGOUT("oidcLogout"),
  OIDC_END_SESSION("oidcEndSession");

  private final String wireName;
  private final List<SourceRates.Kind> sourceRates;

  /** @param sourceRates the rates spent, in order: a request over the first spends none of the next */
  Action(String wireName, SourceRates.Kind... sourceRates) {
    this.wireName = wireName;
    this.sourceRates = List.of(sourceRates);
  }

  public String wireName() {
    return wireName;
  }

  /**
   * The per-source rates a request of this action spends before anything else is done for it: one, or for
   * {@code requestEmailChange}, which also mails an address the caller types, the mail rate as well, so that a source gets no
   * more mail out of it than out of {@code create}.
   */
  public List<SourceRates.Kind> sourceRates() {
    return sourceRates;
  }
}
