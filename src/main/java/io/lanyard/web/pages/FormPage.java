package io.lanyard.web.pages;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A page with one form, rendered by {@code form.mustache}: its words, its hidden fields, its visible fields with a label each,
 * and its errors, written next to their field and listed at the top in an alert. After an error the first field takes the
 * focus (passwords never come back filled in, so the person starts again there).
 */
final class FormPage {

  /** The name errors about the CAPTCHA widget are said under, and the id of the element around it. */
  static final String CAPTCHA = "captcha";

  private final Messages messages;
  private final String language;
  private final Map<String, Object> model = new HashMap<>();
  private final List<String> paragraphs = new ArrayList<>();
  private final List<Map<String, String>> hidden = new ArrayList<>();
  private final List<Map<String, String>> rules = new ArrayList<>();
  private final List<Field> fields = new ArrayList<>();
  private final List<Map<String, String>> links = new ArrayList<>();
  private final Map<String, String> errors = new LinkedHashMap<>();
  private Optional<CaptchaWidget> captcha = Optional.empty();
  private final List<String> formTargets = new ArrayList<>();
  private boolean runsPasskeyScript;

  /** @param filled what the person typed, shown again (never for a password) */
  private record Field(String id, String labelKey, String type, String autocomplete, Optional<String> filled,
                       Optional<String> rulesId) {
  }

  private FormPage(Messages messages, String language) {
    this.messages = messages;
    this.language = language;
  }

  /** @param action where the form is sent, relative to the pages' base ({@code activate}) */
  static FormPage of(Messages messages, String language, String action, String titleKey, String submitKey) {
    FormPage form = new FormPage(messages, language);
    form.model.put("title", messages.text(language, titleKey));
    form.model.put("submit", messages.text(language, submitKey));
    form.model.put("action", action);
    return form;
  }

  FormPage paragraph(String key, Map<String, String> values) {
    paragraphs.add(messages.format(language, key, values));
    return this;
  }

  FormPage hidden(String name, String value) {
    hidden.add(Map.of("name", name, "value", value));
    return this;
  }

  /** Rules said before the fields, which the fields point at ({@code aria-describedby}). */
  FormPage rules(String id, String key) {
    rules.add(Map.of("id", id, "text", messages.text(language, key)));
    return this;
  }

  FormPage field(String id, String labelKey, String type, String autocomplete, Optional<String> filled,
                 Optional<String> rulesId) {
    fields.add(new Field(id, labelKey, type, autocomplete, filled, rulesId));
    return this;
  }

  /** An error next to a field; the first one said for a field stays. */
  FormPage error(String field, String key) {
    errors.putIfAbsent(field, messages.text(language, key));
    return this;
  }

  boolean hasErrors() {
    return !errors.isEmpty();
  }

  /** Said above the form, as an alert. */
  FormPage notice(String key) {
    model.put("notice", messages.text(language, key));
    return this;
  }

  /** The provider's widget before the submit button; its errors are said under {@link #CAPTCHA}. */
  FormPage captcha(Optional<CaptchaWidget> widget) {
    this.captcha = widget;
    return this;
  }

  /** A link under the form, to another page ({@code forgot}, relative to the pages' base). */
  FormPage link(String href, String labelKey) {
    links.add(Map.of("href", href, "label", messages.text(language, labelKey)));
    return this;
  }

  /** A second button that sends the form with {@code name=value} (the first sends it without). */
  FormPage alternative(String name, String value, String labelKey) {
    model.put("alternative", Map.of("name", name, "value", value, "label", messages.text(language, labelKey)));
    return this;
  }

  /**
   * "Sign in with a passkey", for browsers that run our script ({@code passkey.js}): a button it shows, the hidden field it
   * fills with the passkey's assertion before sending the form, and where it fetches the challenge. Without script the page
   * is the password form it was.
   *
   * @param rootPath where the API's routes are ({@code /}, or the path of {@code http.publicUrl})
   */
  FormPage passkeys(String field, String rootPath) {
    model.put("passkey", Map.of("field", field, "challengeUrl", rootPath + "_login/passkey/_challenge",
      "script", PageScript.PASSKEY, "label", messages.text(language, "login_passkey"),
      "failed", messages.text(language, "login_passkey_failed")));
    runsPasskeyScript = true;
    return this;
  }

  /** Where the form's answer may redirect the browser (a client's URI): its origin joins the CSP's {@code form-action}. */
  FormPage redirectsTo(java.net.URI uri) {
    if (uri.getScheme() != null && uri.getRawAuthority() != null) {
      formTargets.add(uri.getScheme() + "://" + uri.getRawAuthority());
    }
    return this;
  }

  FormPage application(Optional<String> name) {
    name.ifPresent(label -> model.put("appName", label));
    return this;
  }

  FormPage languageSwitch(String page, Map<String, String> keep) {
    model.put("switch", LanguageSwitch.to(language, page, keep));
    return this;
  }

  Page page(int status, String formToken) {
    Map<String, Object> page = new HashMap<>(model);
    page.put("formToken", formToken);
    page.put("paragraphs", paragraphs);
    List<Map<String, String>> allHidden = new ArrayList<>(hidden);
    allHidden.add(Map.of("name", "lang", "value", language));
    page.put("hidden", allHidden);
    page.put("rules", rules);
    page.put("links", links);
    page.put("hasErrors", hasErrors());
    List<Map<String, String>> summary = new ArrayList<>();
    errors.forEach((field, message) -> summary.add(Map.of("field", field, "message", message)));
    page.put("errors", summary);
    List<Map<String, Object>> shown = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      shown.add(model(fields.get(i), i == 0 && hasErrors()));
    }
    page.put("fields", shown);
    captcha.ifPresent(widget -> page.put(CAPTCHA, widget.model(language, Optional.ofNullable(errors.get(CAPTCHA)))));
    Page built = Page.of(status, "form", language, page);
    if (!formTargets.isEmpty()) {
      String policy = ContentSecurityPolicy.sendingFormsTo(formTargets);
      return built.withHeader("Content-Security-Policy",
        runsPasskeyScript ? ContentSecurityPolicy.runningOurScript(policy) : policy);
    }
    // the one page that runs a script: the provider's, allowed from the provider's origins and nowhere else
    return captcha.map(widget -> built.withHeader("Content-Security-Policy", ContentSecurityPolicy.allowing(widget)))
      .orElse(built);
  }

  private Map<String, Object> model(Field field, boolean focus) {
    Map<String, Object> model = new HashMap<>();
    model.put("id", field.id());
    model.put("label", messages.text(language, field.labelKey()));
    model.put("type", field.type());
    model.put("autocomplete", field.autocomplete());
    field.filled().ifPresent(value -> model.put("filled", value));
    String error = errors.get(field.id());
    model.put("invalid", error != null);
    model.put("focus", focus);
    if (error != null) {
      model.put("error", error);
    }
    List<String> describedBy = new ArrayList<>();
    field.rulesId().ifPresent(describedBy::add);
    if (error != null) {
      describedBy.add(field.id() + "-error");
    }
    if (!describedBy.isEmpty()) {
      model.put("describedBy", String.join(" ", describedBy));
    }
    return model;
  }
}
