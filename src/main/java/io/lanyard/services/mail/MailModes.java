package io.lanyard.services.mail;

import io.lanyard.model.accounts.SyntheticAddresses;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.config.LanyardConfig.MailMode;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code mail.mode}, {@code loadTest.domains} and {@code mail.perRecipient} make of mail. {@code send}: SMTP.
 * {@code log}: a log line per mail instead of SMTP ({@link LoggedMail}). {@code drop}: every mail is kept in the outbox as
 * suppressed (reason {@value #DROP_REASON}) and nothing is delivered, not even mail queued before. In every mode, mail to a
 * synthetic account is suppressed first, and mail past the limit per recipient ({@link RecipientLimit}) last.
 */
public final class MailModes {

  public static final String DROP_REASON = "mail_mode_drop";

  private static final Logger log = LoggerFactory.getLogger(MailModes.class);
  /** Reserved for testing and documentation (RFC 2606, RFC 6761): no real mailbox lives there. */
  private static final List<String> RESERVED_TOP_LEVEL = List.of("invalid", "test", "example", "localhost");

  private MailModes() {
  }

  /**
   * The rules the outbox asks in order: synthetic recipients first, then the mode's; then the limit per recipient (last: its
   * lock and count are spent only on mail that would otherwise go out).
   */
  public static Suppression suppression(LanyardConfig.Mail mail, SyntheticAddresses synthetic) {
    List<SuppressionRule> rules = new ArrayList<>();
    rules.add(new SyntheticRecipients(synthetic));
    if (mail.mode() == MailMode.DROP) {
      rules.add((client, rendered) -> Future.succeededFuture(Optional.of(DROP_REASON)));
    }
    return new Suppression(rules, mail.perRecipient().map(RecipientLimit::new));
  }

  /** The mail verticle's transport; empty under {@code drop}, where nothing is delivered. */
  public static Optional<MailTransport> transport(Vertx vertx, LanyardConfig config) {
    return switch (config.mail().mode()) {
      case LOG -> Optional.of(new LoggedMail());
      case DROP -> Optional.empty();
      case SEND -> Optional.of(new MailSender(vertx, config.smtp()));
    };
  }

  /** Says at start what will not be sent, so a staging deployment's settings cannot surprise anyone. */
  public static void announce(LanyardConfig config) {
    MailMode mode = config.mail().mode();
    SenderAddress.warning(config).ifPresent(log::warn);
    if (mode == MailMode.DROP) {
      log.warn("mail.mode=drop: no mail is sent; every mail is kept in the outbox as suppressed (reason {})", DROP_REASON);
    } else if (mode == MailMode.LOG) {
      log.warn("mail.mode=log: no mail is sent over SMTP; each mail is logged (kind, recipient's domain, subject) "
        + "and marked sent");
    }
    List<String> domains = config.loadTest().domains();
    if (!domains.isEmpty()) {
      log.info("Synthetic accounts (loadTest.domains): {}; their mail is never sent", String.join(", ", domains));
    }
    domains.stream().filter(domain -> !RESERVED_TOP_LEVEL.contains(domain.substring(domain.lastIndexOf('.') + 1)))
      .forEach(domain -> log.warn("loadTest.domains holds {}, which is not a reserved test domain: mail to every address "
        + "there is suppressed", domain));
  }
}
