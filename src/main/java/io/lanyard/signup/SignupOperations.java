package io.lanyard.signup;

import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.services.ServiceParts;
import io.vertx.sqlclient.Pool;

import java.util.List;

/** The sign-up wing's operations, built from what the service shares: creating accounts, activating them, user types. */
public record SignupOperations(GetAllUserTypes getAllUserTypes, CreateUserWithPassword createUserWithPassword,
                               CreateUserByLink createUserByLink, ActivateUser activateUser) {

  /** @param userTypes the user types' live copy, which the service loads and reloads on their NOTIFY */
  public static SignupOperations build(ServiceParts parts, LiveCopy<List<String>> userTypes) {
    Pool requests = parts.pools().requests();
    LanyardConfig config = parts.config();
    CreationAdmission admission = new CreationAdmission(requests, parts.applications(), parts.idempotencyKeys(),
      parts.audit(), parts.captcha());
    return new SignupOperations(
      new GetAllUserTypes(userTypes),
      new CreateUserWithPassword(requests, admission, parts.templates(), parts.hasher(), parts.users(), parts.outbox(),
        parts.events(), parts.idempotencyKeys()),
      new CreateUserByLink(requests, admission, parts.templates(), parts.users(), parts.accounts(), parts.links(),
        parts.outbox(), config.links(), parts.events(), config.http().publicUrl(), parts.idempotencyKeys()),
      new ActivateUser(requests, parts.links(), parts.users(), parts.hasher(), parts.events()));
  }
}
