package io.lanyard.web;

import io.lanyard.partners.PartnerOperations;
import io.lanyard.selfservice.SelfServiceOperations;
import io.lanyard.signin.SigninOperations;
import io.lanyard.signup.SignupOperations;
import io.lanyard.web.server.ServerEndpoints;

/** Every operation the API serves, by the wing that builds it, mounted by {@link Routes}. */
public record Operations(SigninOperations signin, SignupOperations signup, PartnerOperations partners,
                         SelfServiceOperations selfService, ServerEndpoints server) {
}
