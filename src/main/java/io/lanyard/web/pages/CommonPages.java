package io.lanyard.web.pages;

import io.lanyard.model.applications.Application;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pages every flow shares: its outcomes (done, link expired or used, too busy) and the refusals of the HTTP layer (not
 * found, wrong method, too large, malformed, broken), each saying what to do next. None shows a stack or an internal detail.
 */
public final class CommonPages {

  private final Messages messages;

  public CommonPages(PageTemplates templates) {
    this.messages = templates.messages();
  }

  Messages messages() {
    return messages;
  }

  /** The operation succeeded: said so, with the way back to the application when it has a return URL. */
  Page done(String language, String titleKey, String textKey, Map<String, String> values, Optional<Application> app) {
    return MessagePage.titled(messages, language, titleKey).paragraph(textKey, values).application(app).page(200);
  }

  /**
   * A link unknown, used or expired: the same page for each, so it tells nothing about accounts; with the way to a new link
   * (the "forgot password" page sends a new account link to a pending account, a reset link to an active one).
   */
  Page linkExpired(PageRequest request, String page, String token) {
    String language = language(request);
    MessagePage expired = MessagePage.titled(messages, language, "expired_title").paragraph("expired_text")
      .paragraph("expired_" + page + "_next");
    if (!page.equals(EmailConfirmPages.PAGE)) {
      expired.action(ForgotPasswordPages.PAGE, "ask_new_link");
    }
    return expired.languageSwitch(page, Map.of("token", token)).page(410);
  }

  /** A link cut short or mangled (by a mail client, or copied in part). */
  Page malformedLink(PageRequest request) {
    return MessagePage.titled(messages, language(request), "malformed_title").paragraph("malformed_text").page(400);
  }

  /** Something broke on our side; the cause is logged where it happened, with the request id. */
  public Page failed(String language) {
    return MessagePage.titled(messages, language, "failed_title").paragraph("failed_text").page(500);
  }

  /** Admission control refused the work: nothing was done, and the person can send the form again after the wait. */
  public Page busy(String language, int retryAfterSeconds) {
    return MessagePage.titled(messages, language, "busy_title")
      .paragraph("busy_text", Map.of("seconds", Integer.toString(retryAfterSeconds)))
      .page(503).withHeader("Retry-After", Integer.toString(retryAfterSeconds));
  }

  /**
   * Too many attempts from this source (docs/decisions.md §7's rates): nothing was done; the page says how long to wait, and so
   * does {@code Retry-After}.
   */
  public Page tooManyAttempts(String language, int retryAfterSeconds) {
    return MessagePage.titled(messages, language, "too_many_title")
      .paragraph("too_many_text", Map.of("wait", wait(language, retryAfterSeconds)))
      .page(429).withHeader("Retry-After", Integer.toString(retryAfterSeconds));
  }

  /** {@code 45 seconds}, {@code 1 minute}, {@code 15 minutes}: a wait as people say it, rounded up to the minute past 90 s. */
  String wait(String language, int seconds) {
    if (seconds <= 90) {
      return messages.format(language, seconds == 1 ? "wait_second" : "wait_seconds", Map.of("n", Integer.toString(seconds)));
    }
    int minutes = (seconds + 59) / 60;
    return messages.format(language, "wait_minutes", Map.of("n", Integer.toString(minutes)));
  }

  public Page notFound(String language) {
    return MessagePage.titled(messages, language, "not_found_title").paragraph("not_found_text").page(404);
  }

  /** @param allowed the methods the page takes, also sent in {@code Allow} */
  public Page wrongMethod(String language, List<String> allowed) {
    return MessagePage.titled(messages, language, "wrong_method_title").paragraph("wrong_method_text").page(405)
      .withHeader("Allow", String.join(", ", allowed));
  }

  public Page refused(String language, int status) {
    String key = status == 413 ? "too_large" : "bad_request";
    return MessagePage.titled(messages, language, key + "_title").paragraph(key + "_text").page(status);
  }

  /** The language of a page that knows no account: the person's choice, else the browser's. */
  public static String language(PageRequest request) {
    return PageLanguage.choose(request.param("lang"), Optional.empty(), request.acceptLanguage());
  }

  /** The language of a page with nothing but the browser's header to go by. */
  public static String language(String acceptLanguage) {
    return PageLanguage.choose("", Optional.empty(), acceptLanguage);
  }
}
