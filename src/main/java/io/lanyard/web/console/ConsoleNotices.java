package io.lanyard.web.console;

import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.Page;

import java.util.Map;

/** The console's pages that refuse or explain: not staff, a form that did not come from us, a sign-in that did not finish. */
public record ConsoleNotices(Messages messages, ConsolePaths paths) {

  /** 403: signed in, but the account holds no console role (or lost it). Says nothing about anyone else. */
  public Page forbidden(String language) {
    return ConsoleView.anonymous(messages, language, "forbidden_title", paths).paragraphs("forbidden_text")
      .page(403, "message");
  }

  /** 400: a form without our anti-forgery token (another site's, or one kept open past its cookie). */
  public Page formRefused(String language) {
    return ConsoleView.anonymous(messages, language, "form_refused_title", paths).paragraphs("form_refused_text")
      .put("action", Map.of("href", paths.console(), "label", messages.text(language, "back_to_search"))).page(400, "message");
  }

  /** 400: the provider's answer did not match a sign-in this browser started, or carried an error. */
  public Page signInFailed(String language) {
    return ConsoleView.anonymous(messages, language, "sign_in_failed_title", paths).paragraphs("sign_in_failed_text")
      .put("action", Map.of("href", paths.console(), "label", messages.text(language, "sign_in_again"))).page(400, "message");
  }
}
