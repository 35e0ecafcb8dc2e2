package io.lanyard.web;

import io.lanyard.partners.GetUser;
import io.lanyard.partners.UpdateUser;
import io.lanyard.selfservice.credentials.UpdateMyCredentials;
import io.lanyard.selfservice.emailchange.ConfirmEmailChange;
import io.lanyard.selfservice.emailchange.RequestEmailChange;
import io.lanyard.selfservice.privacy.DeleteAccount;
import io.lanyard.selfservice.privacy.ExportData;
import io.lanyard.selfservice.recovery.RequestPasswordReset;
import io.lanyard.selfservice.recovery.ResetPassword;
import io.lanyard.signin.CheckToken;
import io.lanyard.signin.GetCurrentUser;
import io.lanyard.signin.Login;
import io.lanyard.signin.Logout;
import io.lanyard.signin.RefreshToken;
import io.lanyard.signin.passkeys.Passkeys;
import io.lanyard.signup.ActivateUser;
import io.lanyard.signup.CreateUserByLink;
import io.lanyard.signup.CreateUserWithPassword;
import io.lanyard.signup.GetAllUserTypes;
import io.lanyard.web.server.HealthCheck;
import io.lanyard.web.server.Jwks;
import io.lanyard.web.server.OpenApiDocument;

import java.util.Optional;

/**
 * Every operation the API serves, built by the bootstrap and mounted by {@link Routes}.
 *
 * @param jwks present when tokens are signed with a key pair (ES256, RS256)
 * @param passkeys present when the service has a public address ({@code http.publicUrl}) to be a relying party for
 */
public record Operations(Login login, GetAllUserTypes getAllUserTypes, CreateUserWithPassword createUserWithPassword,
                         CreateUserByLink createUserByLink, ActivateUser activateUser, UpdateUser updateUser,
                         GetUser getUser, CheckToken checkToken, Logout logout, RefreshToken refreshToken,
                         GetCurrentUser getCurrentUser, HealthCheck healthCheck, Optional<Jwks> jwks,
                         OpenApiDocument openApi, Lifecycle lifecycle, Optional<Passkeys> passkeys) {

  /** The account lifecycle beyond docs/api.md (docs/decisions.md §8): recovery, settings, erasure, export. */
  public record Lifecycle(RequestPasswordReset requestPasswordReset, ResetPassword resetPassword,
                          UpdateMyCredentials updateMyCredentials, RequestEmailChange requestEmailChange,
                          ConfirmEmailChange confirmEmailChange, DeleteAccount deleteAccount, ExportData exportData) {
  }
}
