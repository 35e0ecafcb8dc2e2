package io.lanyard.web.pages;

import io.lanyard.model.api.Result;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.Optional;

/**
 * A form choosing a password, typed twice, with the rules shown before it is sent: the activation page's and the reset
 * page's. The two fields must match before any operation runs; the operation's own refusals (too short, too long) are said
 * next to the first.
 */
final class PasswordForm {

  static final String PASSWORD = "password";
  static final String CONFIRMATION = "confirmation";
  private static final String RULES = "password-rules";

  private PasswordForm() {
  }

  /** @param keys the page's message-key prefix: {@code <keys>_title}, {@code <keys>_intro} */
  static FormPage of(Messages messages, String language, String page, String keys, Map<String, String> hidden) {
    FormPage form = FormPage.of(messages, language, page, keys + "_title", "password_submit")
      .paragraph(keys + "_intro", Map.of())
      .rules(RULES, "password_rules")
      .field(PASSWORD, "password_label", "password", "new-password", Optional.empty(), Optional.of(RULES))
      .field(CONFIRMATION, "confirmation_label", "password", "new-password", Optional.empty(), Optional.empty());
    hidden.forEach(form::hidden);
    return form;
  }

  /** The person typed two different passwords, or only one. */
  static void checkMatch(FormPage form, String password, String confirmation) {
    if (!password.isEmpty() && confirmation.isEmpty()) {
      form.error(CONFIRMATION, "error_confirmation_missing");
    } else if (!password.equals(confirmation)) {
      form.error(CONFIRMATION, "error_confirmation_mismatch");
    }
  }

  /** The operation's {@code data.errors} about the password (131 missing, 190 too short or too long). */
  static FormPage refusedBy(FormPage form, Result result) {
    JsonArray problems = Optional.ofNullable(result.data()).map(data -> data.getJsonArray("errors")).orElse(new JsonArray());
    for (Object problem : problems) {
      if (problem instanceof JsonObject json && PASSWORD.equals(json.getString("field"))) {
        form.error(PASSWORD, "error_password_" + json.getString("reason"));
      }
    }
    return form;
  }
}
