package io.lanyard.selfservice;

import io.lanyard.model.accounts.CurrentPassword;
import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.model.accounts.PasswordResetRepository;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.selfservice.credentials.UpdateMyCredentials;
import io.lanyard.selfservice.emailchange.ConfirmEmailChange;
import io.lanyard.selfservice.emailchange.RequestEmailChange;
import io.lanyard.selfservice.privacy.DeleteAccount;
import io.lanyard.selfservice.privacy.ExportData;
import io.lanyard.selfservice.recovery.RequestPasswordReset;
import io.lanyard.selfservice.recovery.ResetPassword;
import io.lanyard.selfservice.recovery.ResetRequestVerticle;
import io.lanyard.services.ServiceParts;
import io.lanyard.services.lifecycle.PasswordChange;
import io.lanyard.services.throttling.TokenBuckets;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;

/**
 * The self-service wing's operations (docs/decisions.md §8): a forgotten password, a password or address change, erasure and
 * export of one's own account. The parts they share with the help desk's commands come from {@link AccountLifecycle}.
 *
 * @param resetWorker the worker that does the queued reset requests' work, which the service deploys
 * @param lifecycle what the help desk's console does to an account with these same parts (an erasure, an export, a link)
 */
public record SelfServiceOperations(RequestPasswordReset requestPasswordReset, ResetPassword resetPassword,
                                    UpdateMyCredentials updateMyCredentials, RequestEmailChange requestEmailChange,
                                    ConfirmEmailChange confirmEmailChange, DeleteAccount deleteAccount,
                                    ExportData exportData, VerticleBase resetWorker,
                                    AccountLifecycle lifecycle) {

  public static SelfServiceOperations build(ServiceParts parts) {
    Pool requests = parts.pools().requests();
    LanyardConfig config = parts.config();
    EmailChangeRepository emailChanges = new EmailChangeRepository();
    CurrentPassword currentPassword = new CurrentPassword(requests, parts.users(), parts.attempts(), parts.audit());
    AccountLifecycle lifecycle = AccountLifecycle.of(requests, new AccountLifecycle.Parts(config, parts.applications(),
      parts.mail(), parts.sessions(), parts.failures(), parts.events()));
    PasswordChange passwordChange = lifecycle.passwordChange();
    return new SelfServiceOperations(
      lifecycle.resetRequests(parts.captcha(), parts.audit(),
        () -> parts.vertx().eventBus().send(ResetRequestVerticle.NUDGE, null)),
      new ResetPassword(requests, new PasswordResetRepository(), parts.hasher(), passwordChange, parts.audit()),
      new UpdateMyCredentials(requests, currentPassword, parts.hasher(), parts.users(), passwordChange, parts.audit()),
      new RequestEmailChange(requests, currentPassword, parts.accounts(), lifecycle.emailChangeSender(), parts.captcha(),
        config.security().emailChangeRate().map(TokenBuckets::perUser)),
      new ConfirmEmailChange(requests, emailChanges, parts.accounts(), parts.users(), parts.mail(), parts.events(),
        parts.audit()),
      new DeleteAccount(currentPassword, lifecycle.erasure(), parts.audit()),
      new ExportData(lifecycle.export()),
      lifecycle.resetWorker(parts.pools().background()),
      lifecycle);
  }
}
