package io.lanyard.services.lifecycle;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.applications.LinkUrls;
import io.lanyard.platform.support.SecretTokens;
import io.lanyard.services.mail.CompiledMail;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.HashMap;
import java.util.Map;

/**
 * A mail carrying a single-use link: a fresh token (32 random bytes, base64url) whose SHA-256 the caller stores, and the
 * application's URL for that kind of link with {@code {token}}, {@code {email}}, {@code {language}} and {@code {fromSalon}}
 * filled in (URL-encoded, in a URL the operator chose). The token itself exists only in the mail. A mail held back by the
 * limit per recipient stores no token: its link reaches nobody, and storing it would push out (account links, three at
 * most) or replace (reset and e-mail links) the link the person holds, which is the very attack the limit stops.
 */
public final class LinkMail {

  /** Stores the token's hash where the link's kind keeps them. */
  @FunctionalInterface
  public interface TokenStore {
    Future<Void> save(SqlClient tx, byte[] tokenHash);
  }

  private final AccountMail mail;

  public LinkMail(AccountMail mail) {
    this.mail = mail;
  }

  /**
   * @param url the application's URL for this kind of link (already checked: {@link LinkUrls#problem} found nothing)
   * @param recipient where the link goes
   * @param language the language of the mail and of the URL's {@code {language}}
   */
  public Future<Void> send(SqlClient tx, TokenStore store, CompiledMail template, AccountMail.Sender sender, Account account,
                           String url, String recipient, String language, Map<String, String> extra) {
    String token = SecretTokens.generate();
    String link = LinkUrls.fill(url, Map.of("token", token, "email", recipient, "language", language,
      "fromSalon", account.fromSalon().orElse("")));
    Map<String, String> values = new HashMap<>(extra);
    values.put("link", link);
    return mail.queue(tx, template, sender, account, recipient, values, true)
      .compose(queued -> queued.overRecipientLimit() ? Future.succeededFuture() : store.save(tx, SecretTokens.sha256(token)));
  }
}
