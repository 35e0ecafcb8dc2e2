package io.lanyard.web.console;

import io.lanyard.helpdesk.AccountFile;
import io.lanyard.helpdesk.CorrectAddress;
import io.lanyard.helpdesk.DisableAccount;
import io.lanyard.helpdesk.EnableAccount;
import io.lanyard.helpdesk.EndSessions;
import io.lanyard.helpdesk.EraseAccount;
import io.lanyard.helpdesk.ExportAccount;
import io.lanyard.helpdesk.ReadAccountFile;
import io.lanyard.helpdesk.SendAccountLink;
import io.lanyard.helpdesk.UnlockLogin;
import io.lanyard.model.accounts.Emails;
import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.Page;
import io.vertx.core.Future;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The console's actions on an account, each asked on a page of its own (GET) and done by that page's form (POST, with the
 * anti-forgery token), then said done with the way back to the account. Each runs the operation the CLI's command runs, and
 * is recorded in the audit trail with the staff member's id ({@code by staff <id>}).
 */
public record AccountActions(Operations operations, Messages messages, ConsolePaths paths) {

  /** What the console can do to an account today; the path segment is the name in lower case with dashes. */
  public enum Kind {
    SEND_LINK, CORRECT_ADDRESS, UNLOCK, END_SESSIONS, DISABLE, ENABLE, EXPORT, ERASE;

    /** The export's confirmed form downloads a file instead of showing a page. */
    public boolean isDownload() {
      return this == EXPORT;
    }

    /** Erasure is for {@code admin} staff only, and asks for the address typed (docs/decisions.md §15). */
    boolean isErasure() {
      return this == ERASE;
    }

    /** The field the confirming form asks for: the address typed again for an erasure, the new one for a correction. */
    Optional<String> typedField() {
      return this == ERASE ? Optional.of("confirm") : this == CORRECT_ADDRESS ? Optional.of("newEmail") : Optional.empty();
    }

    public String path() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The operations behind the actions, shared with the CLI's {@code users} commands. */
  public record Operations(ReadAccountFile files, UnlockLogin unlock, EndSessions endSessions, DisableAccount disable,
                           EnableAccount enable, EraseAccount erase, SendAccountLink sendLink, ExportAccount export,
                           CorrectAddress correctAddress) {
  }



  /** The page asking to confirm. */
  public Function<ConsoleRequest, Future<Page>> confirm(Kind kind) {
    return request -> allowed(kind, request) ? withFile(request, file -> Future.succeededFuture(confirmation(kind, request,
      file, Optional.empty()).page(200, "confirm"))) : Future.succeededFuture(notAllowed(request));
  }

  /** The confirmed action, done; then what happened. An erasure needs the account's address typed first. */
  public Function<ConsoleRequest, Future<Page>> perform(Kind kind) {
    return request -> !allowed(kind, request) ? Future.succeededFuture(notAllowed(request)) : withFile(request, file -> {
      if (kind.isErasure() && !Emails.normalise(request.param("confirm")).equals(file.email())) {
        return Future.succeededFuture(confirmation(kind, request, file,
          Optional.of(messages.text(request.language(), "action_erase_mistyped"))).page(400, "confirm"));
      }
      if (kind == Kind.CORRECT_ADDRESS) {
        return correctAddress(request, file);
      }
      return done(kind, file, request, run(kind, file, request));
    });
  }

  /** A new address that is not one gets the form again, with the reason; the staff member never sees the link. */
  private Future<Page> correctAddress(ConsoleRequest request, AccountFile file) {
    return operations.correctAddress().handle(file.id(), file.email(), request.param("newEmail"),
        "staff " + request.staff().userId(), request.origin())
      .compose(outcome -> outcome == CorrectAddress.Outcome.INVALID
        ? Future.succeededFuture(confirmation(Kind.CORRECT_ADDRESS, request, file,
          Optional.of(messages.text(request.language(), "action_correct_address_invalid"))).page(400, "confirm"))
        : done(Kind.CORRECT_ADDRESS, file, request, Future.succeededFuture(switch (outcome) {
          case QUEUED -> "action_correct_address_done";
          case UNCHANGED -> "action_correct_address_unchanged";
          default -> "action_correct_address_not_sent";
        })));
  }

  /** The page that says what was done, with the way back. */
  private Future<Page> done(Kind kind, AccountFile file, ConsoleRequest request, Future<String> text) {
    return text.map(textKey -> ConsoleView.forStaff(messages, request, "action_" + kind.key() + "_title",
          paths)
        .put("paragraphs", List.of(messages.format(request.language(), textKey, Map.of("email", file.email()))))
        .put("action", kind.isErasure()
          ? Map.of("href", paths.console(), "label", messages.text(request.language(), "back_to_search"))
          : Map.of("href", accountPath(file), "label", messages.text(request.language(), "back_to_account")))
        .page(200, "message"));
  }

  private ConsoleView confirmation(Kind kind, ConsoleRequest request, AccountFile file, Optional<String> problem) {
    ConsoleView view = ConsoleView.forStaff(messages, request, "action_" + kind.key() + "_title", paths)
      .put("question", messages.format(request.language(), "action_" + kind.key() + "_question", Map.of("email", file.email())))
      .put("actionPath", accountPath(file) + "/" + kind.path()).put("accountPath", accountPath(file))
      .put("confirmLabel", messages.text(request.language(), "action_" + kind.key() + "_confirm"));
    kind.typedField().ifPresent(field -> {
      Map<String, String> typed = new java.util.HashMap<>();
      typed.put("name", field);
      typed.put("type", kind.isErasure() ? "text" : "email");
      typed.put("label", messages.text(request.language(), "action_" + kind.key() + "_type"));
      problem.ifPresent(text -> typed.put("problem", text));
      view.put("typed", typed);
    });
    return view;
  }

  /** Every action is for every role but erasure, which is for {@code admin} only: decided here, on the server, every time. */
  static boolean allowed(Kind kind, ConsoleRequest request) {
    return !kind.isErasure() || request.staff().role().mayErase();
  }

  private Page notAllowed(ConsoleRequest request) {
    return ConsoleView.forStaff(messages, request, "action_erase_forbidden_title", paths)
      .paragraphs("action_erase_forbidden_text").page(403, "message");
  }

  /** The confirmed export: the account's file as JSON, named by its id (never its address); empty for no such account. */
  public Future<Optional<JsonDownload>> export(ConsoleRequest request) {
    return operations.export().handle(request.pathId(), "staff " + request.staff().userId(), request.origin())
      .map(export -> export.map(json -> new JsonDownload("account-" + request.pathId() + ".json", json.encodePrettily())));
  }

  /** @return the message that says what was done */
  private Future<String> run(Kind kind, AccountFile file, ConsoleRequest request) {
    String actor = "staff " + request.staff().userId();
    return switch (kind) {
      case SEND_LINK -> operations.sendLink().handle(file.id(), file.email(), file.applicationId(), actor, request.origin())
        .map(outcome -> outcome == SendAccountLink.Outcome.QUEUED ? "action_send_link_done_" + file.status()
          : outcome == SendAccountLink.Outcome.NO_APPLICATION ? "action_send_link_no_application" : "action_send_link_not_sent");
      case UNLOCK -> operations.unlock().handle(file.email(), request.origin(), actor)
        .map(before -> before.isLocked() ? "action_unlock_done" : "action_unlock_was_free");
      case END_SESSIONS -> operations.endSessions().handle(file.id(), actor, request.origin()).map("action_end_sessions_done");
      case DISABLE -> operations.disable().handle(file.email(), actor, request.origin())
        .map(done -> done.isPresent() ? "action_disable_done" : "action_not_applicable");
      case ENABLE -> operations.enable().handle(file.email(), actor, request.origin())
        .map(done -> done.isPresent() ? "action_enable_done" : "action_not_applicable");
      case CORRECT_ADDRESS, EXPORT -> Future.failedFuture(new IllegalStateException(kind + " has a path of its own"));
      case ERASE -> operations.erase().handle(file.id(), actor, request.origin())
        .map(erased -> erased ? "action_erase_done" : "action_not_applicable");
    };
  }

  private Future<Page> withFile(ConsoleRequest request, Function<AccountFile, Future<Page>> then) {
    return operations.files().handle(request.pathId()).compose(found -> found.map(then)
      .orElseGet(() -> Future.succeededFuture(ConsoleView.forStaff(messages, request, "account_missing_title", paths)
        .paragraphs("account_missing_text").page(404, "message"))));
  }

  private String accountPath(AccountFile file) {
    return paths.console() + "accounts/" + file.id();
  }
}
