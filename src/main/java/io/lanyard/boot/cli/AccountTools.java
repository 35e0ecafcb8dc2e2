package io.lanyard.boot.cli;

import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.model.accounts.LoginLockout;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.selfservice.AccountLifecycle;
import io.lanyard.selfservice.emailchange.EmailChangeSender;
import io.lanyard.selfservice.privacy.AccountErasure;
import io.lanyard.selfservice.privacy.AccountExport;
import io.lanyard.selfservice.recovery.RequestPasswordReset;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.lifecycle.PasswordChange;
import io.lanyard.services.mail.BuiltinTemplates;
import io.lanyard.services.mail.MailModes;
import io.lanyard.services.mail.Outbox;
import io.lanyard.services.mail.TemplateDirectory;
import io.lanyard.services.mail.TemplateRepository;
import io.lanyard.services.session.RevocationList;
import io.lanyard.services.session.Sessions;
import io.vertx.sqlclient.Pool;

import java.util.Optional;

/**
 * The help desk's account tools, built for one CLI command from the same parts as the service's operations: the mail the
 * command queues is sent by the running service (its next outbox poll), and the sessions it ends are refused by every
 * running instance (NOTIFY), exactly as if the service had done it.
 */
final class AccountTools {

  final UserRepository users;
  final AccountRepository accounts = new AccountRepository();
  final ApplicationRepository applicationRepository = new ApplicationRepository();
  final PasswordChange passwordChange;
  final AccountErasure erasure;
  final AccountExport export;
  final RequestPasswordReset resets;
  final EmailChangeSender emailChanges;

  AccountTools(CliRuntime runtime) {
    Pool pool = runtime.pool();
    LanyardConfig config = runtime.config();
    this.users = runtime.users();
    // a password the operator sets, or an erasure, lifts the lockout as a reset does (docs/decisions.md §8)
    LoginFailures failures = LoginLockout.of(config.security().lockout());
    ApplicationDirectory applications = new ApplicationDirectory(
      new LiveCopy<>("applications", () -> ApplicationDirectory.load(applicationRepository, pool)));
    TemplateDirectory templates = new TemplateDirectory(
      new LiveCopy<>("mail templates", () -> TemplateDirectory.load(new TemplateRepository(), pool)),
      config.mail().builtinTemplates() ? Optional.of(BuiltinTemplates.load()) : Optional.empty());
    AccountMail mail = new AccountMail(applications, templates,
      new Outbox(runtime.vertx(), config.mail().messageIdDomain(),
        MailModes.suppression(config.mail(), runtime.syntheticAddresses())));
    Sessions sessions = new Sessions(pool, new RevocationList(), Sessions.Limits.of(config));
    AccountLifecycle lifecycle = AccountLifecycle.of(pool,
      new AccountLifecycle.Parts(config, applications, mail, sessions, failures, runtime.events()));
    this.passwordChange = lifecycle.passwordChange();
    this.erasure = lifecycle.erasure();
    this.export = lifecycle.export();
    // the command records the operator's action itself (its origin is the CLI's), not the route's
    this.resets = lifecycle.resetRequests(Captcha.OFF, AuditTrail.NONE, () -> { });
    this.emailChanges = lifecycle.emailChangeSender();
  }

  /** A bcrypt hasher of the configured cost, on one thread. */
  static PasswordHasher hasher(CliRuntime runtime) {
    return Await.result(PasswordHasher.create(runtime.vertx(), runtime.config().security().bcryptCost(), 1,
      runtime.config().security().hashQueueBudget()));
  }
}
