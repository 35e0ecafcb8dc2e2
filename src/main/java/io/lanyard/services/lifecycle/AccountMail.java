package io.lanyard.services.lifecycle;

import io.lanyard.model.accounts.Account;
import io.lanyard.model.applications.Application;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.services.mail.CompiledMail;
import io.lanyard.services.mail.MailKind;
import io.lanyard.services.mail.MailValues;
import io.lanyard.services.mail.Outbox;
import io.lanyard.services.mail.Queued;
import io.lanyard.services.mail.TemplateDirectory;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Mail about an account: its template (the application's, else the built-in one), the values every template may use, and the
 * outbox row, written in the transaction of the change it tells about. After the commit, {@link #nudge()} sends it at once.
 */
public record AccountMail(ApplicationDirectory applications, TemplateDirectory templates, Outbox outbox) {

  /**
   * Whose templates a mail uses: an application's, or none (an operator's account: built-in templates only).
   *
   * @param displayName what the mail names it by ({@code {{application}}}): its display name, else its name; empty for none
   */
  public record Sender(Optional<String> applicationId, String name, String displayName) {

    public static Sender of(Application application) {
      return new Sender(Optional.of(application.id()), application.name(), application.label());
    }

    public static Sender none() {
      return new Sender(Optional.empty(), "(none)", "");
    }
  }



  /** The sender of mail about an account: the application it was created through, when that still exists. */
  public Future<Sender> senderOf(Account account) {
    if (account.applicationId().isEmpty()) {
      return Future.succeededFuture(Sender.none());
    }
    return applications.byId(account.applicationId().get())
      .map(application -> application.map(Sender::of).orElseGet(Sender::none));
  }

  /** The template for this kind and language; empty only with built-in templates off (statusCode 187). */
  public Future<Optional<CompiledMail>> template(Sender sender, MailKind kind, String language) {
    return templates.find(sender.applicationId(), sender.name(), kind, language);
  }

  /**
   * Queues a mail rendered with the account's values ({@code email}, {@code firstname}) and {@code extra}. The fair an account
   * came from ({@code fromSalon}) is not among them: it is whatever the creating request said, and is never put in mail as
   * text (docs/decisions.md §7).
   *
   * @param recipient where it goes (the account's address, or the new one of an e-mail change)
   * @param linked whether the outbox row stays linked to the account (not for the last notice of an erased one)
   */
  public Future<Queued> queue(SqlClient tx, CompiledMail template, Sender sender, Account account, String recipient,
                              Map<String, String> extra, boolean linked) {
    Map<String, String> values = new HashMap<>();
    values.put("email", account.email() == null ? recipient : account.email());
    values.put("firstname", account.firstname());
    values.put("link", "");
    values.put(MailValues.APPLICATION, sender.displayName());
    values.putAll(extra);
    return outbox.enqueue(tx, template.render(recipient, values), linked ? Optional.of(account.id()) : Optional.empty(),
      sender.applicationId());
  }

  /**
   * A notice that must not hold up the change it tells about: queued with its template when there is one; with built-in
   * templates off and none of the application's own, left out (logged by the template directory).
   */
  public Future<Void> notice(SqlClient tx, Sender sender, Account account, MailKind kind, Map<String, String> extra,
                             boolean linked) {
    return template(sender, kind, account.language()).compose(template -> template.isEmpty()
      ? Future.succeededFuture()
      : queue(tx, template.get(), sender, account, account.email(), extra, linked).mapEmpty());
  }

  public void nudge() {
    outbox.nudge();
  }
}
