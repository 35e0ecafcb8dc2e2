package io.lanyard.services.webhooks;

import io.lanyard.platform.support.HttpsUrls;

import java.util.Optional;

/** Where a subscription may send: an absolute https URL; plain http only for localhost (as application link URLs). */
public final class WebhookUrls {

  private WebhookUrls() {
  }

  /** Why the URL cannot receive webhooks, or empty when it can. */
  public static Optional<String> problem(String url) {
    if (url == null || url.isBlank()) {
      return Optional.of("no URL given");
    }
    return HttpsUrls.problem(url);
  }
}
