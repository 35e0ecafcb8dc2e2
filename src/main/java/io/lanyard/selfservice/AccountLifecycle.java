package io.lanyard.selfservice;

import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.selfservice.emailchange.EmailChangeSender;
import io.lanyard.selfservice.privacy.AccountErasure;
import io.lanyard.selfservice.privacy.AccountExport;
import io.lanyard.selfservice.recovery.PasswordResets;
import io.lanyard.selfservice.recovery.RequestPasswordReset;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.lifecycle.PasswordChange;
import io.lanyard.services.session.Sessions;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Pool;

/**
 * What the account lifecycle's routes and the help desk's commands both do to an account (docs/decisions.md §8): change its
 * password, erase it, export it, send it a reset link or an address change's link. Built here once, from the parts each
 * side has, so the service and the CLI cannot drift apart in what a reset, an erasure, an export or an address change does.
 *
 * @param requests the pool of the work (the service's request pool, or the CLI's one pool)
 * @param resets the reset requests' two halves, one for the instance: its worker takes what its request path queued
 */
public record AccountLifecycle(Pool requests, PasswordChange passwordChange, AccountErasure erasure, AccountExport export,
                               PasswordResets resets, Parts parts) {

  /** What the lifecycle needs from the side that builds it. */
  public record Parts(LanyardConfig config, ApplicationDirectory applications, AccountMail mail, Sessions sessions,
                      LoginFailures failures, UserEvents events) {
  }

  public static AccountLifecycle of(Pool requests, Parts parts) {
    AccountRepository accounts = new AccountRepository();
    return new AccountLifecycle(requests,
      new PasswordChange(accounts, parts.sessions(), parts.failures(), parts.mail(), parts.events()),
      new AccountErasure(requests, accounts, parts.sessions(), parts.failures(), parts.mail(), parts.events()),
      new AccountExport(requests), new PasswordResets(parts.applications(), parts.mail(), parts.config()), parts);
  }

  /**
   * The reset-link request: the route's checks its CAPTCHA and records its audit event; a help-desk command passes
   * {@link Captcha#OFF} and {@link AuditTrail#NONE}, as it records the operator's action itself, and sends at once.
   *
   * @param queued tells the instance's worker ({@link #resetWorker}) that a request was queued
   */
  public RequestPasswordReset resetRequests(Captcha captcha, AuditTrail audit, Runnable queued) {
    return resets.requests(requests, captcha, audit, queued);
  }

  /** An address change's link and its mail, without the password check: the route checks it first, the help desk has none. */
  public EmailChangeSender emailChangeSender() {
    return new EmailChangeSender(requests, new AccountRepository(), new EmailChangeRepository(), parts.applications(),
      parts.mail(), parts.config().links(), parts.config().http().publicUrl());
  }

  /** The worker that sends what the queued reset requests need, on the background pool. */
  public VerticleBase resetWorker(Pool background) {
    return resets.worker(background, parts.config().mail());
  }
}
