package io.lanyard.partners.imports;

import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailValues;
import io.lanyard.services.mail.Outbox;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --send-links}: the account-link mail of each pending account an import creates, as {@code /user/create} writes it (a
 * single-use link of which only the SHA-256 is kept, the mail in the outbox, through the service's suppression rules: a
 * synthetic address, {@code mail.mode=drop}, the limit per recipient), in the batch's transaction. The mail verticles of the
 * running instances send them. The row's {@code fromSalon} fills the link URL's {@code {fromSalon}}, never the mail's text.
 */
public final class AccountLinkMails {

  private final Application application;
  private final String linkUrl;
  private final Map<String, CompiledMail> templatesByLanguage;
  private final AccountLinkRepository links;
  private final Outbox outbox;
  private final Duration ttl;

  /**
   * @param linkUrl what {@link #linkUrl} chose
   * @param templatesByLanguage the {@code account_link} template for each language, as {@code /user/create} chooses it (the
   *                            application's, else its other language's, else the built-in one)
   */
  public AccountLinkMails(Application application, String linkUrl, Map<String, CompiledMail> templatesByLanguage,
                          AccountLinkRepository links, Outbox outbox, Duration ttl) {
    this.application = application;
    this.linkUrl = linkUrl;
    this.templatesByLanguage = Map.copyOf(templatesByLanguage);
    this.links = links;
    this.outbox = outbox;
    this.ttl = ttl;
  }

  /**
   * The URL links are made from, as {@code /user/create} chooses it: the application's account-link URL when it can make
   * links, else the hosted activation page under the service's public URL; empty when there is neither.
   */
  public static Optional<String> linkUrl(Application application, Optional<String> publicUrl) {
    return LinkUrls.choose(application.linkUrl(), publicUrl, LinkUrls.ACTIVATION_PAGE);
  }

  /** Why the application cannot send links (no template), or empty. */
  public static Optional<String> problem(Map<String, CompiledMail> templatesByLanguage) {
    if (templatesByLanguage.isEmpty()) {
      return Optional.of("the application has no " + MailKind.ACCOUNT_LINK.wireName() + " template");
    }
    return Optional.empty();
  }

  /**
   * Queues the mails, sent one after the other on the transaction's connection without waiting (pipelined).
   *
   * @return how many links were made: a mail held back by the limit per recipient carries none
   */
  Future<Integer> queue(SqlClient tx, List<Pending> accounts) {
    List<Future<Boolean>> queued = accounts.stream().map(account -> queue(tx, account)).toList();
    return Future.all(queued).map(all -> (int) queued.stream().filter(Future::result).count());
  }

  /** A pending account the import created. */
  record Pending(String userId, ImportRow row) {
  }

  private Future<Boolean> queue(SqlClient tx, Pending account) {
    ImportRow row = account.row();
    CompiledMail template = templatesByLanguage.getOrDefault(row.language(), templatesByLanguage.values().iterator().next());
    String token = SecretTokens.generate();
    String link = LinkUrls.fill(linkUrl, Map.of("token", token, "email", row.email(),
      "language", row.language(), "fromSalon", row.fromSalon()));
    String firstname = row.profile().getString("firstname", "");
    Map<String, String> values = Map.of("link", link, "email", row.email(), "firstname", firstname,
      MailValues.APPLICATION, application.label());
    return outbox.enqueue(tx, template.render(row.email(), values), account.userId(), application.id())
      .compose(queued -> queued.overRecipientLimit() ? Future.succeededFuture(false)
        : links.insert(tx, SecretTokens.sha256(token), account.userId(), ttl).map(true));
  }
}
