package io.lanyard.selfservice.recovery;

import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.PasswordResetRepository;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.services.lifecycle.AccountMail;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;

import java.util.UUID;

/**
 * The two halves of a reset request, built from the same parts: the request path ({@link RequestPasswordReset}), which
 * queues, and the worker ({@link ResetRequestVerticle}), which sends.
 */
public final class PasswordResets {

  private final ApplicationDirectory applications;
  private final AccountMail mail;
  private final ResetMail resetMail;
  // one per instance: its worker takes the requests its request path queued
  private final ResetRequestQueue queue = new ResetRequestQueue(UUID.randomUUID());

  public PasswordResets(ApplicationDirectory applications, AccountMail mail, LanyardConfig config) {
    this.applications = applications;
    this.mail = mail;
    this.resetMail = new ResetMail(applications, new AccountRepository(), new PasswordResetRepository(),
      new AccountLinkRepository(), mail, config.links(), config.http().publicUrl());
  }

  /**
   * @param pool the pool of the request path (or the CLI's one pool)
   * @param queued tells the workers a request was queued
   */
  public RequestPasswordReset requests(Pool pool, Captcha captcha, AuditTrail audit, Runnable queued) {
    return new RequestPasswordReset(pool, captcha, applications, queue, resetMail, mail, audit, queued);
  }

  /**
   * @param background the background pool
   * @param config {@code mail.pollInterval}: how often the worker looks for requests it was not told of
   */
  public VerticleBase worker(Pool background, LanyardConfig.Mail config) {
    return new ResetRequestVerticle(background, queue, resetMail, mail, config.pollInterval());
  }
}
