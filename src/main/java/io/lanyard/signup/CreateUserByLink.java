package io.lanyard.signup;

import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.accounts.UserStatus;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.idempotency.IdempotencyKeys;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailValues;
import io.lanyard.services.mail.Outbox;
import io.lanyard.services.mail.TemplateDirectory;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.Map;
import java.util.Optional;

import static io.lanyard.model.api.StatusCode.CREATE_LINK_TOKEN_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_MAIL_ENQUEUE_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_USER_INSERT_FAILED;
import static io.lanyard.model.api.StatusCode.CREATE_USER_LOOKUP_FAILED;

/**
 * POST /_plugin/{P}/user/create: 0 | 131 | 190 | 149 | 140 | 181 | 124 | 187 | 143 | internal 1, 132, 133, 135, 161, 170.
 * A pending account, a single-use link and the mail carrying it, in one transaction (with the request's
 * {@code Idempotency-Key}, if any). For an account still pending, a fresh link joins the ones it has (which stay valid, the
 * newest three), at most once per {@code links.resendInterval}; sooner, or for an active account, 143.
 */
public final class CreateUserByLink {

  private final Pool pool;
  private final CreationAdmission admission;
  private final TemplateDirectory templates;
  private final UserRepository users;
  private final AccountRepository accounts;
  private final AccountLinkRepository links;
  private final Outbox outbox;
  private final LanyardConfig.Links config;
  private final UserEvents events;
  private final Optional<String> publicUrl;
  private final IdempotencyKeys keys;

  /** @param publicUrl the service's public URL: links of an application with no link URL lead to the hosted page */
  public CreateUserByLink(Pool pool, CreationAdmission admission, TemplateDirectory templates, UserRepository users,
                          AccountRepository accounts, AccountLinkRepository links, Outbox outbox, LanyardConfig.Links config,
                          UserEvents events, Optional<String> publicUrl, IdempotencyKeys keys) {
    this.pool = pool;
    this.admission = admission;
    this.templates = templates;
    this.users = users;
    this.accounts = accounts;
    this.links = links;
    this.outbox = outbox;
    this.config = config;
    this.events = events;
    this.publicUrl = publicUrl;
    this.keys = keys;
  }

  public Future<Result> handle(CreateUserRequest request) {
    return admission.admit(request, (admitted, application) -> withLinkAndTemplate(admitted, application,
      LinkUrls.choose(application.linkUrl(), publicUrl, LinkUrls.ACTIVATION_PAGE)));
  }

  /**
   * The login page's "create an account" for a client's application: the same creation, limits and replies (0 for a new
   * or renewed link, 143 for an address taken), the link leading to the hosted activation page with {@code returnTo}
   * appended (the way back into the sign-in), whatever link URL the application has for its own sign-ups.
   *
   * @param returnTo {@code name=value}, URL-safe, added to the link's query
   */
  public Future<Result> handleFromPage(CreateUserRequest request, Application application, String returnTo) {
    return admission.admitFromPage(request, application, (admitted, app) -> withLinkAndTemplate(admitted, app,
      LinkUrls.choose(Optional.empty(), publicUrl, LinkUrls.ACTIVATION_PAGE).map(url -> url + "&" + returnTo)));
  }

  /** 124 and 187 before anything is written. */
  private Future<Result> withLinkAndTemplate(CreateUserRequest request, Application application, Optional<String> linkUrl) {
    if (linkUrl.isEmpty()) {
      return Future.succeededFuture(Result.of(StatusCode.LINK_URL_MISCONFIGURED));
    }
    return templates.find(application.id(), application.name(), MailKind.ACCOUNT_LINK, request.language())
      .recover(StepFailure.as(CREATE_MAIL_ENQUEUE_FAILED))
      .compose(template -> template.isEmpty()
        ? Future.succeededFuture(Result.of(StatusCode.TEMPLATE_MISSING))
        : keys.inTransaction(pool, application.id(), request.idempotency().key(),
            tx -> createOrRenew(tx, request, application, linkUrl.get(), template.get()))
          .onSuccess(result -> {
            if (result.status() == StatusCode.CREATED) {
              outbox.nudge();
            }
          }));
  }

  private Future<Result> createOrRenew(SqlClient tx, CreateUserRequest request, Application application, String linkUrl,
                                       CompiledMail template) {
    return users.insertIfAbsent(tx, request.toNewUser(Optional.empty(), application.id()))
      .recover(StepFailure.as(CREATE_USER_INSERT_FAILED))
      .compose(inserted -> inserted.isPresent()
        ? events.record(tx, UserEvent.created(inserted.get(), application.id(), UserStatus.PENDING))
          .recover(StepFailure.as(CREATE_USER_INSERT_FAILED))
          .compose(recorded -> sendLink(tx, inserted.get(), request, application, linkUrl, template))
        : renew(tx, request, application, linkUrl, template));
  }

  /**
   * The address is taken: only a pending account whose last link is old enough gets a new one, and the links it already has
   * stay valid (the newest three: docs/decisions.md §7), so asking again for someone's link never takes theirs away.
   */
  private Future<Result> renew(SqlClient tx, CreateUserRequest request, Application application, String linkUrl,
                               CompiledMail template) {
    return accounts.lockByEmail(tx, request.email())
      .recover(StepFailure.as(CREATE_USER_LOOKUP_FAILED))
      .compose(account -> {
        if (account.isEmpty() || account.get().status() != UserStatus.PENDING) {
          return Future.succeededFuture(Result.of(StatusCode.EMAIL_ALREADY_EXISTS));
        }
        String userId = account.get().id();
        return links.hasLinkSince(tx, userId, config.resendInterval())
          .recover(StepFailure.as(CREATE_LINK_TOKEN_FAILED))
          .compose(recentlySent -> recentlySent
            ? Future.succeededFuture(Result.of(StatusCode.EMAIL_ALREADY_EXISTS))
            : sendLink(tx, userId, request, application, linkUrl, template));
      });
  }

  /**
   * The mail first, then the link it carries, unless the mail was held back by the limit per recipient: that link would reach
   * nobody. The fair's name ({@code fromSalon}) goes into the link's URL only, URL-encoded, never into the mail's text.
   */
  private Future<Result> sendLink(SqlClient tx, String userId, CreateUserRequest request, Application application,
                                  String linkUrl, CompiledMail template) {
    String token = SecretTokens.generate();
    String link = LinkUrls.fill(linkUrl, Map.of("token", token, "email", request.email(),
      "language", request.language(), "fromSalon", request.fromSalon()));
    Map<String, String> values = Map.of("link", link, "email", request.email(), "firstname", "",
      MailValues.APPLICATION, application.label());
    return outbox.enqueue(tx, template.render(request.email(), values), userId, application.id())
      .recover(StepFailure.as(CREATE_MAIL_ENQUEUE_FAILED))
      .compose(queued -> queued.overRecipientLimit() ? Future.succeededFuture()
        : links.insert(tx, SecretTokens.sha256(token), userId, config.ttl()).recover(StepFailure.as(CREATE_LINK_TOKEN_FAILED)))
      .map(Result.created());
  }
}
