package io.lanyard.http;

import io.lanyard.applications.GetUser;
import io.lanyard.applications.UpdateUser;
import io.lanyard.auth.CheckToken;
import io.lanyard.auth.GetCurrentUser;
import io.lanyard.auth.Login;
import io.lanyard.auth.Logout;
import io.lanyard.auth.RefreshToken;
import io.lanyard.privacy.DeleteAccount;
import io.lanyard.privacy.ExportData;
import io.lanyard.recovery.RequestPasswordReset;
import io.lanyard.recovery.ResetPassword;
import io.lanyard.server.HealthCheck;
import io.lanyard.server.Jwks;
import io.lanyard.server.OpenApiDocument;
import io.lanyard.settings.ConfirmEmailChange;
import io.lanyard.settings.RequestEmailChange;
import io.lanyard.settings.UpdateMyCredentials;
import io.lanyard.user.ActivateUser;
import io.lanyard.user.CreateUserByLink;
import io.lanyard.user.CreateUserWithPassword;
import io.lanyard.user.GetAllUserTypes;

import java.util.Optional;

/**
 * Every operation the API serves, built by the bootstrap and mounted by {@link Routes}.
 *
 * @param jwks present when tokens are signed with a key pair (ES256, RS256)
 */
public record Operations(Login login, GetAllUserTypes getAllUserTypes, CreateUserWithPassword createUserWithPassword,
                         CreateUserByLink createUserByLink, ActivateUser activateUser, UpdateUser updateUser,
                         GetUser getUser, CheckToken checkToken, Logout logout, RefreshToken refreshToken,
                         GetCurrentUser getCurrentUser, HealthCheck healthCheck, Optional<Jwks> jwks,
                         OpenApiDocument openApi, Lifecycle lifecycle) {

  /** The account lifecycle beyond SPEC.md (DECISIONS.md §8): recovery, settings, erasure, export. */
  public record Lifecycle(RequestPasswordReset requestPasswordReset, ResetPassword resetPassword,
                          UpdateMyCredentials updateMyCredentials, RequestEmailChange requestEmailChange,
                          ConfirmEmailChange confirmEmailChange, DeleteAccount deleteAccount, ExportData exportData) {
  }
}
