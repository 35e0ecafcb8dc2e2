package io.lanyard.http;

import io.lanyard.auth.Login;
import io.lanyard.server.HealthCheck;
import io.lanyard.server.OpenApiDocument;
import io.lanyard.user.ActivateUser;
import io.lanyard.user.CreateUserByLink;
import io.lanyard.user.CreateUserWithPassword;
import io.lanyard.user.GetAllUserTypes;

/** Every operation the API serves, built by the bootstrap and mounted by {@link Routes}. */
public record Operations(Login login, GetAllUserTypes getAllUserTypes, CreateUserWithPassword createUserWithPassword,
                         CreateUserByLink createUserByLink, ActivateUser activateUser, HealthCheck healthCheck,
                         OpenApiDocument openApi) {
}
