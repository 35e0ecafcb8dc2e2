package io.lanyard.signup;

import io.lanyard.model.accounts.NewUser;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.applications.Application;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.idempotency.IdempotencyKeys;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailValues;
import io.lanyard.services.mail.Outbox;
import io.lanyard.services.mail.RenderedMail;
import io.lanyard.services.mail.TemplateDirectory;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.Map;
import java.util.Optional;

import static io.lanyard.model.api.StatusCode.CREATE_HASHING_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_MAIL_ENQUEUE_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_USER_INSERT_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_USER_LOOKUP_FAILED;

/**
 * POST /_plugin/{P}/user/createWithPassword: 0 | 131 | 190 | 149 | 140 | 181 | 187 | 143 | internal 1, 132–135, 170.
 * An active account with a bcrypt hash and, when allowed, its welcome mail, in one transaction (with the request's
 * {@code Idempotency-Key}, if any).
 */
public final class CreateUserWithPassword {

  private final Pool pool;
  private final CreationAdmission admission;
  private final TemplateDirectory templates;
  private final PasswordHasher hasher;
  private final UserRepository users;
  private final Outbox outbox;
  private final UserEvents events;
  private final IdempotencyKeys keys;
  private final CreationsInFlight inFlight = new CreationsInFlight();

  public CreateUserWithPassword(Pool pool, CreationAdmission admission, TemplateDirectory templates,
                                PasswordHasher hasher, UserRepository users, Outbox outbox, UserEvents events,
                                IdempotencyKeys keys) {
    this.pool = pool;
    this.admission = admission;
    this.templates = templates;
    this.hasher = hasher;
    this.users = users;
    this.outbox = outbox;
    this.events = events;
    this.keys = keys;
  }

  public Future<Result> handle(CreateUserRequest request) {
    return admission.admit(request, this::withWelcomeTemplate);
  }

  /** 187 before anything is written when a welcome mail is wanted and there is no template for it. */
  private Future<Result> withWelcomeTemplate(CreateUserRequest request, Application application) {
    if (!request.isSendingEmailAllowed()) {
      return create(request, application, Optional.empty());
    }
    return templates.find(application.id(), application.name(), MailKind.WELCOME, request.language())
      .recover(StepFailure.as(CREATE_MAIL_ENQUEUE_FAILED))
      .compose(template -> template.isEmpty()
        ? Future.succeededFuture(Result.of(StatusCode.TEMPLATE_MISSING))
        : create(request, application, template));
  }

  /**
   * A taken address is answered before the bcrypt work, and a creation of the same address running here is waited for, so
   * that its simultaneous twins find the account rather than queue a hash each; the insert still decides races.
   */
  private Future<Result> create(CreateUserRequest request, Application application, Optional<CompiledMail> welcome) {
    return inFlight.inTurn(request.email(), () -> users.exists(pool, request.email())
      .recover(StepFailure.as(CREATE_USER_LOOKUP_FAILED))
      .compose(exists -> exists
        ? Future.succeededFuture(Result.of(StatusCode.EMAIL_ALREADY_EXISTS))
        : hasher.hash(request.password(), request.origin().source())
          .recover(StepFailure.as(CREATE_HASHING_FAILED))
          .compose(hash -> insert(request, application, hash, welcome))));
  }

  private Future<Result> insert(CreateUserRequest request, Application application, String hash,
                                Optional<CompiledMail> welcome) {
    NewUser user = request.toNewUser(Optional.of(hash), application.id());
    return keys.inTransaction(pool, application.id(), request.idempotency().key(), tx -> users.insertIfAbsent(tx, user)
        .compose(userId -> userId.isEmpty() ? Future.succeededFuture(userId)
          : events.record(tx, UserEvent.created(userId.get(), application.id(), UserStatus.ACTIVE)).map(userId))
        .recover(StepFailure.as(CREATE_USER_INSERT_FAILED))
        .compose(userId -> {
          if (userId.isEmpty()) {
            return Future.succeededFuture(Result.of(StatusCode.EMAIL_ALREADY_EXISTS));
          }
          if (welcome.isEmpty()) {
            return Future.succeededFuture(Result.created());
          }
          // the request's fromSalon is no value of the mail: it is never rendered as text (docs/decisions.md §7)
          RenderedMail mail = welcome.get().render(request.email(),
            Map.of("email", request.email(), "firstname", "", "link", "", MailValues.APPLICATION, application.label()));
          return outbox.enqueue(tx, mail, userId.get(), application.id())
            .recover(StepFailure.as(CREATE_MAIL_ENQUEUE_FAILED))
            .map(Result.created());
        }))
      .onSuccess(result -> {
        if (result.status() == StatusCode.CREATED && welcome.isPresent()) {
          outbox.nudge();
        }
      });
  }
}
