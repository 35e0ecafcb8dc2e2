package io.lanyard.pages;

import io.lanyard.api.Result;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A form choosing a password, typed twice, with the rules shown before it is sent: the activation page's and the reset
 * page's. Errors are written next to their field and listed at the top in an alert; the first field takes the focus.
 */
final class PasswordForm {

  static final String PASSWORD = "password";
  static final String CONFIRMATION = "confirmation";

  private final Messages messages;
  private final String language;
  private final Map<String, String> errors = new LinkedHashMap<>();
  private final Map<String, Object> model = new HashMap<>();

  private PasswordForm(Messages messages, String language) {
    this.messages = messages;
    this.language = language;
  }

  /**
   * @param page where the form is sent ({@code activate}), relative to the pages' base
   * @param hidden fields sent back with it: the link token, the language
   */
  static PasswordForm of(Messages messages, String language, String page, String titleKey, String introKey,
                         Map<String, String> hidden) {
    PasswordForm form = new PasswordForm(messages, language);
    form.model.put("title", messages.text(language, titleKey));
    form.model.put("intro", messages.text(language, introKey));
    form.model.put("action", page);
    List<Map<String, String>> fields = new ArrayList<>();
    hidden.forEach((name, value) -> fields.add(Map.of("name", name, "value", value)));
    fields.add(Map.of("name", "lang", "value", language));
    form.model.put("hidden", fields);
    return form;
  }

  /** The person typed two different passwords: said before any operation runs. */
  PasswordForm mismatchOf(String password, String confirmation) {
    if (!password.isEmpty() && confirmation.isEmpty()) {
      errors.putIfAbsent(CONFIRMATION, messages.text(language, "error_confirmation_missing"));
    } else if (!password.equals(confirmation)) {
      errors.putIfAbsent(CONFIRMATION, messages.text(language, "error_confirmation_mismatch"));
    }
    return this;
  }

  /** The operation's {@code data.errors} about the password (131 missing, 190 too short or too long). */
  PasswordForm refusedBy(Result result) {
    JsonArray problems = Optional.ofNullable(result.data()).map(data -> data.getJsonArray("errors")).orElse(new JsonArray());
    for (Object problem : problems) {
      if (problem instanceof JsonObject json && PASSWORD.equals(json.getString("field"))) {
        errors.put(PASSWORD, messages.text(language, "error_password_" + json.getString("reason")));
      }
    }
    return this;
  }

  boolean hasErrors() {
    return !errors.isEmpty();
  }

  /** Said above the form, as an alert: the page's form token was refused. */
  PasswordForm notice(String key) {
    model.put("notice", messages.text(language, key));
    return this;
  }

  PasswordForm application(Optional<String> name) {
    name.ifPresent(label -> model.put("appName", label));
    return this;
  }

  PasswordForm languageSwitch(String page, Map<String, String> keep) {
    model.put("switch", LanguageSwitch.to(language, page, keep));
    return this;
  }

  Page page(int status, String formToken) {
    Map<String, Object> page = new HashMap<>(model);
    page.put("formToken", formToken);
    page.put("hasErrors", hasErrors());
    List<Map<String, String>> summary = new ArrayList<>();
    errors.forEach((field, message) -> summary.add(Map.of("field", field, "message", message)));
    page.put("errors", summary);
    // passwords never come back filled in: after any error the person starts again at the first field
    page.put("passwordField", field(PASSWORD, "password_label", hasErrors()));
    page.put("confirmationField", field(CONFIRMATION, "confirmation_label", false));
    return Page.of(status, "password-form", language, page);
  }

  /** @param focus whether the field takes the focus when the page opens */
  private Map<String, Object> field(String name, String labelKey, boolean focus) {
    Map<String, Object> field = new HashMap<>();
    field.put("id", name);
    field.put("label", messages.text(language, labelKey));
    String error = errors.get(name);
    field.put("invalid", error != null);
    field.put("focus", focus);
    if (error != null) {
      field.put("error", error);
    }
    List<String> describedBy = new ArrayList<>();
    if (PASSWORD.equals(name)) {
      describedBy.add("password-rules");
    }
    if (error != null) {
      describedBy.add(name + "-error");
    }
    if (!describedBy.isEmpty()) {
      field.put("describedBy", String.join(" ", describedBy));
    }
    return field;
  }
}
