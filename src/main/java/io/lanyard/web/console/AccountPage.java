package io.lanyard.web.console;

import io.lanyard.helpdesk.AccountFile;
import io.lanyard.helpdesk.ReadAccountFile;
import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.Page;
import io.vertx.core.Future;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An account's page ({@code /console/accounts/{id}}: an id, never an address, in the URL): its state, language, origin,
 * profile, lockout, what is open in its name, its mails with their delivery state, and its audit trail.
 */
public record AccountPage(ReadAccountFile files, Messages messages, ConsolePaths paths) {

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
  private static final String NONE = "–";



  public Future<Page> show(ConsoleRequest request) {
    return files.handle(request.pathId()).map(found -> found.map(file -> page(request, file))
      .orElseGet(() -> ConsoleView.forStaff(messages, request, "account_missing_title", paths)
        .paragraphs("account_missing_text").page(404, "message")));
  }

  private Page page(ConsoleRequest request, AccountFile file) {
    ConsoleView view = ConsoleView.forStaff(messages, request, "account_title", paths);
    List<Map<String, String>> facts = new ArrayList<>();
    fact(facts, view, "fact_email", file.email());
    fact(facts, view, "fact_status", view.text("status_" + file.status()));
    fact(facts, view, "fact_language", file.language().map(language -> view.text("language_" + language)).orElse(NONE));
    fact(facts, view, "fact_application", file.applicationName().orElse(NONE));
    fact(facts, view, "fact_salon", file.fromSalon().orElse(NONE));
    fact(facts, view, "fact_session_salon", file.fromSessionSalon().orElse(NONE));
    fact(facts, view, "fact_created", TIME.format(file.createdAt()));
    fact(facts, view, "fact_verified", file.emailVerifiedAt().map(TIME::format).orElse(view.text("not_yet")));
    fact(facts, view, "fact_locked_until", file.lock().lockedUntil().map(TIME::format).orElse(view.text("not_locked")));
    fact(facts, view, "fact_failures", Integer.toString(file.lock().failures()));
    List<Map<String, String>> profile = new ArrayList<>();
    file.profile().forEach(field -> profile.add(Map.of("name", field.getKey(), "value", String.valueOf(field.getValue()))));
    return view.put("accountId", file.id()).put("facts", facts).put("profile", profile).put("hasProfile", !profile.isEmpty())
      .put("apiSessions", sessions(file.apiSessions())).put("hasApiSessions", !file.apiSessions().isEmpty())
      .put("ssoSessions", sessions(file.ssoSessions())).put("hasSsoSessions", !file.ssoSessions().isEmpty())
      .put("consents", file.consents().stream().map(consent -> Map.of("client", consent.clientId(), "scopes", consent.scopes(),
        "granted", TIME.format(consent.grantedAt()))).toList()).put("hasConsents", !file.consents().isEmpty())
      .put("mails", file.mails().stream().map(mail -> mail(view, mail)).toList()).put("hasMails", !file.mails().isEmpty())
      .put("events", file.events().stream().map(event -> Map.of("when", TIME.format(event.occurredAt()), "kind", event.kind(),
        "source", event.source().orElse(NONE), "detail", event.detail().orElse(NONE))).toList())
      .put("hasEvents", !file.events().isEmpty())
      .put("actions", actions(request, view, file))
      .page(200, "account");
  }

  /** The actions that apply to the account as it is: each link leads to a page asking to confirm. */
  private List<Map<String, String>> actions(ConsoleRequest request, ConsoleView view, AccountFile file) {
    List<AccountActions.Kind> kinds = new ArrayList<>();
    if (!file.status().equals("disabled")) {
      kinds.addAll(List.of(AccountActions.Kind.SEND_LINK, AccountActions.Kind.CORRECT_ADDRESS));
    }
    kinds.addAll(List.of(AccountActions.Kind.UNLOCK, AccountActions.Kind.END_SESSIONS));
    kinds.add(file.status().equals("disabled") ? AccountActions.Kind.ENABLE : AccountActions.Kind.DISABLE);
    kinds.add(AccountActions.Kind.EXPORT);
    if (request.staff().role().mayErase()) {
      kinds.add(AccountActions.Kind.ERASE);
    }
    return kinds.stream().map(kind -> Map.of("href", paths.console() + "accounts/" + file.id() + "/" + kind.path(),
      "label", view.text("action_" + kind.name().toLowerCase(java.util.Locale.ROOT) + "_title"))).toList();
  }

  private static void fact(List<Map<String, String>> facts, ConsoleView view, String labelKey, String value) {
    facts.add(Map.of("label", view.text(labelKey), "value", value));
  }

  private static List<Map<String, String>> sessions(List<AccountFile.Session> sessions) {
    return sessions.stream().map(session -> Map.of("started", TIME.format(session.started()),
      "lastUsed", session.lastUsed().map(TIME::format).orElse(NONE), "ends", session.ends().map(TIME::format).orElse(NONE)))
      .toList();
  }

  private static Map<String, String> mail(ConsoleView view, AccountFile.Mail mail) {
    return Map.of("created", TIME.format(mail.createdAt()), "kind", mail.kind(),
      "status", view.text("mail_" + mail.status()), "attempts", Integer.toString(mail.attempts()),
      "reason", mail.reason().orElse(NONE), "sent", mail.sentAt().map(TIME::format).orElse(NONE));
  }

}
