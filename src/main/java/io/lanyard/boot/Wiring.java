package io.lanyard.boot;

import io.lanyard.helpdesk.CorrectAddress;
import io.lanyard.helpdesk.DisableAccount;
import io.lanyard.helpdesk.EnableAccount;
import io.lanyard.helpdesk.EndSessions;
import io.lanyard.helpdesk.EraseAccount;
import io.lanyard.helpdesk.ExportAccount;
import io.lanyard.helpdesk.HelpDeskOperations;
import io.lanyard.helpdesk.ReadAccountFile;
import io.lanyard.helpdesk.ReadBoard;
import io.lanyard.helpdesk.SendAccountLink;
import io.lanyard.helpdesk.staff.ConsoleSessions;
import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.EmailChangeRepository;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.model.accounts.LoginLockout;
import io.lanyard.model.accounts.PasswordAttempts;
import io.lanyard.model.accounts.PasswordResetRepository;
import io.lanyard.model.accounts.RecentSignIns;
import io.lanyard.model.accounts.SyntheticAddresses;
import io.lanyard.model.accounts.UsableLinks;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.accounts.UserTypeRepository;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.applications.ApplicationRepository;
import io.lanyard.model.audit.AuditBuffer;
import io.lanyard.model.audit.AuditRepository;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passkeys.PasskeyChallenges;
import io.lanyard.model.passwords.PasswordByLink;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.partners.PartnerOperations;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.Topics;
import io.lanyard.platform.db.ChangeFeed;
import io.lanyard.platform.db.DatabaseProbe;
import io.lanyard.platform.db.DbPools;
import io.lanyard.platform.db.Migrations;
import io.lanyard.platform.support.LiveCopy;
import io.lanyard.platform.support.Pruning;
import io.lanyard.platform.support.ServingState;
import io.lanyard.selfservice.AccountLifecycle;
import io.lanyard.selfservice.SelfServiceOperations;
import io.lanyard.selfservice.emailchange.EmailChangeLinks;
import io.lanyard.services.ServiceParts;
import io.lanyard.services.captcha.SiteVerify;
import io.lanyard.services.events.EventType;
import io.lanyard.services.events.SubscriptionRepository;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.idempotency.IdempotencyKeys;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.mail.BuiltinTemplates;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailModes;
import io.lanyard.services.mail.Outbox;
import io.lanyard.services.mail.TemplateDirectory;
import io.lanyard.services.mail.TemplateRepository;
import io.lanyard.services.metrics.BoardMinutes;
import io.lanyard.services.metrics.Outcomes;
import io.lanyard.services.session.RevocationList;
import io.lanyard.services.session.RevocationRepository;
import io.lanyard.services.session.RevocationSync;
import io.lanyard.services.session.Revocations;
import io.lanyard.services.session.Sessions;
import io.lanyard.services.throttling.DeviceMarkers;
import io.lanyard.services.throttling.SourceRates;
import io.lanyard.signin.SigninOperations;
import io.lanyard.signin.oidc.IdTokenKeys;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.signin.oidc.OidcWiring;
import io.lanyard.signin.passkeys.Passkeys;
import io.lanyard.signin.tokens.Authenticator;
import io.lanyard.signin.tokens.SigningKeys;
import io.lanyard.signin.tokens.TokenService;
import io.lanyard.signup.CreateUserByLink;
import io.lanyard.signup.SignupOperations;
import io.lanyard.web.AccountPages;
import io.lanyard.web.ConsolePages;
import io.lanyard.web.Operations;
import io.lanyard.web.PageOrigin;
import io.lanyard.web.Route;
import io.lanyard.web.Routes;
import io.lanyard.web.Stylesheet;
import io.lanyard.web.console.AccountActions;
import io.lanyard.web.console.Console;
import io.lanyard.web.console.ConsolePaths;
import io.lanyard.web.pages.AuthorizePages;
import io.lanyard.web.pages.CaptchaWidget;
import io.lanyard.web.pages.CommonPages;
import io.lanyard.web.pages.ConsentPages;
import io.lanyard.web.pages.EmailConfirmPages;
import io.lanyard.web.pages.ForgotPasswordPages;
import io.lanyard.web.pages.HostedPages;
import io.lanyard.web.pages.LogoutPages;
import io.lanyard.web.pages.PageTemplates;
import io.lanyard.web.pages.PasskeyPages;
import io.lanyard.web.pages.PasswordLinkPages;
import io.lanyard.web.pages.SessionCookies;
import io.lanyard.web.pages.SignupPages;
import io.lanyard.web.pages.SignupReturnPages;
import io.lanyard.web.server.HealthCheck;
import io.lanyard.web.server.Jwks;
import io.lanyard.web.server.OpenApiDocument;
import io.lanyard.web.server.ServerEndpoints;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Builds what a running service shares ({@link ServiceParts}: pools, change feed, hasher, mail, sessions, the in-memory copies
 * they read) and hands it to each feature wing, which builds its own operations ({@code SigninOperations.build}, ...); then
 * mounts them on the routes and the pages. Only this class and {@link Lanyard} know every wing.
 */
final class Wiring {

  private static final Logger log = LoggerFactory.getLogger(Wiring.class);

  /** What the service serves, what it must keep loaded (or written) while it does, and what it prunes. */
  record Built(List<Route> routes, Authenticator authenticator, List<LiveCopy<?>> liveCopies, RevocationSync revocationSync,
               RevocationList revocations, AuditBuffer audit, AccountPages pages, List<Pruning> prunings,
               Optional<OidcProvider> oidc, Optional<VerticleBase> oidcVerticle, VerticleBase resetWorker) {
  }

  /** What readiness looks at: the database through its own probe, mail delivery, and whether the instance is draining. */
  record Health(DatabaseProbe probe, BooleanSupplier mailDeployed, ServingState servingState) {
  }

  /**
   * Names remembered as having signed in lately, for the reserved part of the hash queue: a large fair's returning attendees,
   * about 3 MB of hashes.
   */
  private static final int RECENT_SIGN_INS = 32_768;
  private static final Duration RECENT_SIGN_IN_KEPT = Duration.ofDays(7);

  private final Vertx vertx;
  private final LanyardConfig config;
  private final DbPools pools;
  private final ChangeFeed changeFeed;
  private final List<LiveCopy<?>> liveCopies = new ArrayList<>();
  private Wiring(Vertx vertx, LanyardConfig config, DbPools pools, ChangeFeed changeFeed) {
    this.vertx = vertx;
    this.config = config;
    this.pools = pools;
    this.changeFeed = changeFeed;
  }

  /**
   * @param formKey the deployment's key of the hosted pages' form tokens
   * @param idTokenKeys the keys of ID tokens, present when the OpenID Connect provider is on
   */
  static Built build(Vertx vertx, LanyardConfig config, DbPools pools, ChangeFeed changeFeed, PasswordHasher hasher,
                     TokenService tokens, Optional<SigningKeys> keys, MeterRegistry metrics, Health health, String formKey,
                     Optional<IdTokenKeys> idTokenKeys) {
    return new Wiring(vertx, config, pools, changeFeed).build(hasher, tokens, keys, metrics, health, formKey, idTokenKeys);
  }

  private Built build(PasswordHasher hasher, TokenService tokens, Optional<SigningKeys> keys, MeterRegistry metrics,
                      Health health, String formKey, Optional<IdTokenKeys> idTokenKeys) {
    SyntheticAddresses synthetic = SyntheticAddresses.of(config.loadTest().domains());
    RevocationList revocations = new RevocationList();
    RevocationRepository revocationRepository = new RevocationRepository();
    RevocationSync revocationSync = new RevocationSync(pools.background(), revocationRepository, revocations,
      config.jwt().maxTtlMillis());
    Authenticator authenticator = new Authenticator(tokens,
      new Revocations(revocations, revocationSync, revocationRepository, pools.logins()));

    UserTypeRepository userTypeRepository = new UserTypeRepository();
    LiveCopy<List<String>> userTypes = liveCopy("user types", () -> userTypeRepository.list(pools.background()));
    changeFeed.listen(Topics.USER_TYPES_CHANGED, payload -> userTypes.reload());

    ApplicationRepository applicationRepository = new ApplicationRepository();
    TemplateRepository templateRepository = new TemplateRepository();
    LiveCopy<Map<String, Application>> applications =
      liveCopy("applications", () -> ApplicationDirectory.load(applicationRepository, pools.background()));
    LiveCopy<Map<String, CompiledMail>> templates =
      liveCopy("mail templates", () -> TemplateDirectory.load(templateRepository, pools.background()));
    SubscriptionRepository subscriptions = new SubscriptionRepository();
    LiveCopy<Set<EventType>> wantedEvents =
      liveCopy("webhook subscriptions", () -> subscriptions.wantedTypes(pools.background()));
    changeFeed.listen(Topics.APPLICATIONS_CHANGED, payload -> {
      applications.reload();
      templates.reload().eventually(wantedEvents::reload);
    });
    LanyardConfig.Audit auditConfig = config.audit();
    AuditBuffer audit = new AuditBuffer(pools.background(), new AuditRepository(), new AuditBuffer.Settings(auditConfig.flushInterval(),
      auditConfig.queueSize(), auditConfig.floodThreshold(), auditConfig.retention()), metrics);
    ApplicationDirectory applicationDirectory = new ApplicationDirectory(applications);
    TemplateDirectory templateDirectory = new TemplateDirectory(templates,
      config.mail().builtinTemplates() ? Optional.of(BuiltinTemplates.load()) : Optional.empty());
    // synthetic recipients first: a load test's mail is counted as such whatever else would suppress it
    Outbox outbox = new Outbox(vertx, config.mail().messageIdDomain(), MailModes.suppression(config.mail(), synthetic),
      metrics);
    LoginFailures failures = LoginLockout.of(config.security().lockout());
    hasher.registerMeters(metrics);
    ServiceParts parts = new ServiceParts(vertx, config, pools, metrics, new UserRepository(synthetic),
      new AccountRepository(), new AccountLinkRepository(), applicationDirectory, templateDirectory, outbox,
      new AccountMail(applicationDirectory, templateDirectory, outbox),
      new UserEvents(wantedEvents::get, () -> vertx.eventBus().publish(Topics.WEBHOOK_OUTBOX_NUDGE, null)), audit,
      captcha(metrics), new IdempotencyKeys(), hasher,
      new PasswordAttempts(hasher, failures, new RecentSignIns(RECENT_SIGN_INS, RECENT_SIGN_IN_KEPT), metrics), failures,
      new Sessions(pools.logins(), revocations, Sessions.Limits.of(config), metrics),
      DeviceMarkers.derivedFrom(formKey, config.security().lockout().deviceMarkerTtl()));

    Optional<OidcWiring> oidc = idTokenKeys.map(idKeys -> OidcWiring.build(parts, tokens, authenticator, idKeys, formKey));
    oidc.ifPresent(provider -> {
      liveCopies.add(provider.clients());
      changeFeed.listen(Topics.APPLICATIONS_CHANGED, payload -> provider.clients().reload());
    });
    Operations operations = new Operations(
      SigninOperations.build(parts, tokens, authenticator),
      SignupOperations.build(parts, userTypes),
      PartnerOperations.build(parts),
      SelfServiceOperations.build(parts),
      new ServerEndpoints(
        new HealthCheck(health.probe(), Migrations.latestOnClasspath(), health.mailDeployed(), health.servingState()),
        oidc.map(provider -> new Jwks(new JsonObject(provider.provider().keySet())))
          .or(() -> keys.map(signing -> new Jwks(signing.jwks()))),
        OpenApiDocument.of(vertx, config.pluginName())));
    Outcomes outcomes = config.metrics().enabled() ? new Outcomes(metrics, synthetic) : Outcomes.none();
    // one set of buckets for the API routes and the pages that run the same operations
    SourceRates sourceRates = SourceRates.of(config.security());
    List<Route> routes = Routes.table(config.pluginName(), operations, outcomes, sourceRates);
    Optional<OidcProvider> provider = oidc.map(OidcWiring::provider);
    ConsoleSessions consoleSessions = new ConsoleSessions(pools.requests(), config.console().sessionTtl(), audit);
    return new Built(routes, authenticator, List.copyOf(liveCopies), revocationSync, revocations, audit,
      pages(operations, parts, formKey, sourceRates, outcomes, provider, consoleSessions),
      prunings(parts.idempotencyKeys(), failures, oidc, operations.signin().passkeys().isPresent(), consoleSessions),
      provider, oidc.map(OidcWiring::backchannelLogouts), operations.selfService().resetWorker());
  }

  /** The configured CAPTCHA; on a public deployment without one, a line saying what that leaves open. */
  private Captcha captcha(MeterRegistry metrics) {
    if (config.captcha().isOn()) {
      return new SiteVerify(vertx, config.captcha(), metrics);
    }
    if (config.http().publicUrl().isPresent()) {
      log.warn("No CAPTCHA on a public deployment (http.publicUrl is set, captcha.provider is none): create, "
        + "createWithPassword, requestPasswordReset and requestEmailChange mail any address typed, limited only by the "
        + "per-source rates, mail.perRecipient and mail.maxSendRate; a botnet of many addresses gets past the first. Set "
        + "captcha.provider (LANYARD_CAPTCHA_PROVIDER) for a deployment on the Internet");
    }
    return Captcha.OFF;
  }

  private List<Pruning> prunings(IdempotencyKeys idempotencyKeys, LoginFailures failures, Optional<OidcWiring> oidc,
                                 boolean passkeys, ConsoleSessions consoleSessions) {
    List<Pruning> prunings = new ArrayList<>();
    if (passkeys) {
      prunings.add(new Pruning("expired passkey challenges", () -> new PasskeyChallenges().deleteExpired(pools.background())));
    }
    oidc.ifPresent(provider -> {
      prunings.addAll(provider.prunings());
      prunings.add(new Pruning("expired console sessions", consoleSessions::deleteExpired));
    });
    prunings.add(new Pruning("live board minutes older than a day", () -> new BoardMinutes().deleteOld(pools.background())));
    prunings.add(new Pruning("expired idempotency keys", () -> idempotencyKeys.deleteExpired(pools.background())));
    if (failures instanceof LoginLockout lockout) {
      prunings.add(new Pruning("forgotten lockout counts", () -> lockout.deleteForgotten(pools.background())));
    }
    return List.copyOf(prunings);
  }

  /** The pages for people call the operations the API routes call: the same rules and limits hold on both. */
  private AccountPages pages(Operations operations, ServiceParts parts, String formKey, SourceRates sourceRates,
                             Outcomes outcomes, Optional<OidcProvider> oidc, ConsoleSessions consoleSessions) {
    AccountLinkRepository links = parts.links();
    ApplicationDirectory applications = parts.applications();
    PageOrigin origin = PageOrigin.of(config.http().publicUrl());
    PageTemplates templates = PageTemplates.load(origin.pagesBase());
    CommonPages common = new CommonPages(templates);
    SelfServiceOperations lifecycle = operations.selfService();
    Optional<CaptchaWidget> captcha = captchaWidget();
    Optional<HostedPages.OidcPages> oidcPages = oidc.map(provider -> oidcPages(provider, common, origin,
      operations.signup().createUserByLink(), captcha, operations.signin().passkeys(), outcomes));
    PasswordLinkPages.Flow activation = new PasswordLinkPages.Flow("activate", "activate",
      new UsableLinks(pools.requests(), links::findLinkedAccount)::find, request -> operations.signup().activateUser().handle(PasswordByLink.from(request)));
    PasswordLinkPages.Flow reset = new PasswordLinkPages.Flow("reset", "reset",
      new UsableLinks(pools.requests(), new PasswordResetRepository()::findLinkedAccount)::find,
      request -> lifecycle.resetPassword().handle(PasswordByLink.from(request)));
    HostedPages pages = new HostedPages(templates, common,
      new PasswordLinkPages(activation, applications, common, oidcPages.map(HostedPages.OidcPages::returns),
        oidcPages.flatMap(HostedPages.OidcPages::passkeys).isPresent()),
      new PasswordLinkPages(reset, applications, common),
      new ForgotPasswordPages(lifecycle.requestPasswordReset(), applications, common, captcha),
      new EmailConfirmPages(new EmailChangeLinks(pools.requests(), new EmailChangeRepository()), lifecycle.confirmEmailChange(),
        applications, common),
      oidcPages);
    Optional<ConsolePages> console = oidc.map(provider -> {
      ConsolePaths paths = ConsolePages.paths(provider.issuer(), origin);
      return new ConsolePages(Console.build(paths, provider, consoleSessions,
        deskOperations(parts, operations.selfService().lifecycle()), config.metrics().boardInterval()), consoleSessions,
        formKey, origin, common, templates);
    });
    return new AccountPages(pages, formKey, Stylesheet.load(config.http().pagesStylesheet()), origin, sourceRates, outcomes,
      console);
  }

  /**
   * The provider's browser endpoints and pages: sign-in (with a password or a passkey), consent, logout, and "create an
   * account" from the login page.
   */
  private static HostedPages.OidcPages oidcPages(OidcProvider provider, CommonPages common, PageOrigin origin,
                                                 CreateUserByLink creation, Optional<CaptchaWidget> captcha,
                                                 Optional<Passkeys> passkeys, Outcomes outcomes) {
    SessionCookies cookies = new SessionCookies(origin.rootPath(), origin.isSecure());
    ConsentPages consent = new ConsentPages(provider, common, origin.rootPath());
    AuthorizePages authorize = new AuthorizePages(provider, common, consent, cookies, passkeys.map(Passkeys::signIn), outcomes);
    return new HostedPages.OidcPages(authorize, consent, new LogoutPages(provider, common, cookies),
      new SignupPages(provider, authorize, creation, common, captcha),
      new SignupReturnPages(provider, authorize, common),
      passkeys.map(found -> new PasskeyPages(provider.sessions(), found.register(), found.mine(), common, origin.rootPath())));
  }

  /**
   * What the help desk's console runs: the operations of the CLI's {@code users} commands. The self-service wing's erasure,
   * export, reset link and address change's link reach the help desk's operations as functions, as feature wings do not import each other.
   */
  private static Console.Operations deskOperations(ServiceParts parts, AccountLifecycle lifecycle) {
    Pool requests = parts.pools().requests();
    AuditTrail audit = parts.audit();
    // search and unlock built as the CLI's users search and users unlock build them
    HelpDeskOperations desk = HelpDeskOperations.build(requests, parts.failures(), audit);
    return new Console.Operations(desk.search(),
      new AccountActions.Operations(new ReadAccountFile(requests, parts.failures()),
        desk.unlock(), new EndSessions(parts.sessions(), audit),
        new DisableAccount(requests, parts.users(), parts.events(), parts.sessions(), audit),
        new EnableAccount(requests, parts.users(), audit),
        new EraseAccount(lifecycle.erasure()::erase, audit),
        // the help desk's own audit event names who sent it, and it is sent at once, as the CLI's
        new SendAccountLink(lifecycle.resetRequests(Captcha.OFF, AuditTrail.NONE, () -> { })::sendFor,
          parts.applications(), audit),
        new ExportAccount(lifecycle.export()::of, audit),
        new CorrectAddress(lifecycle.emailChangeSender()::sendFor, audit)),
      // the board's read is one query per metrics.boardInterval and open live board (none while hidden or paused), beside the
      // background's timers
      new ReadBoard(parts.pools().background(), new BoardMinutes()));
  }

  /**
   * The widget of the configured CAPTCHA for the pages whose forms send mail ("forgot password", "create an account"),
   * which run operations that require it.
   */
  private Optional<CaptchaWidget> captchaWidget() {
    LanyardConfig.Captcha captcha = config.captcha();
    if (!captcha.isOn()) {
      return Optional.empty();
    }
    if (captcha.siteKey().isEmpty()) {
      log.warn("captcha.provider is {} but captcha.siteKey (LANYARD_CAPTCHA_SITE_KEY) is not set: the hosted \"forgot "
        + "password\" and \"create an account\" pages cannot show the provider's widget, so every request sent from them "
        + "is refused", captcha.provider());
      return Optional.empty();
    }
    return CaptchaWidget.of(captcha.provider(), captcha.siteKey().get());
  }

  private <T> LiveCopy<T> liveCopy(String name, Supplier<Future<T>> loader) {
    LiveCopy<T> copy = new LiveCopy<>(name, loader);
    liveCopies.add(copy);
    return copy;
  }
}
