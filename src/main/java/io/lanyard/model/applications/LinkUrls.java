package io.lanyard.model.applications;

import io.lanyard.platform.support.HttpsUrls;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * An application's link URLs — account, password reset, e-mail change (docs/decisions.md §4 and §9, code 124): absolute https
 * holding {@code {token}}; plain http only for localhost. Placeholders {@code {token} {email} {language} {fromSalon}} are replaced URL-encoded.
 */
public final class LinkUrls {

  public static final String TOKEN = "{token}";
  /** The hosted page of account links, under the service's public URL ({@link #choose}). */
  public static final String ACTIVATION_PAGE = "activate";

  private LinkUrls() {
  }

  /** Why the URL cannot make links (account, reset or e-mail-change links alike), or empty when it can. */
  public static Optional<String> problem(String url) {
    if (url == null || url.isBlank()) {
      return Optional.of("no URL is set for that kind of link");
    }
    if (!url.contains(TOKEN)) {
      return Optional.of("the URL must contain " + TOKEN);
    }
    return addressProblem(url);
  }

  /** Why the URL cannot be where people go back to after a hosted page (no {@code {token}} needed), or empty. */
  public static Optional<String> returnUrlProblem(String url) {
    if (url == null || url.isBlank()) {
      return Optional.of("the URL is empty");
    }
    return addressProblem(url);
  }

  private static Optional<String> addressProblem(String url) {
    if (url.length() > HttpsUrls.MAX_LENGTH) {
      return Optional.of("the URL is longer than " + HttpsUrls.MAX_LENGTH + " characters");
    }
    // the placeholders are not valid URI characters: check the URL as it will be once filled in
    return HttpsUrls.problem(fill(url, Map.of("token", "t", "email", "e", "language", "l", "fromSalon", "s")));
  }

  /**
   * The URL a link of one kind is made from (docs/decisions.md §9): the application's own when it can make links, else the hosted
   * page under the service's public URL, else none (124).
   *
   * @param page the hosted page of that kind of link ({@code activate}, {@code reset}, {@code email})
   */
  public static Optional<String> choose(Optional<String> applicationUrl, Optional<String> publicUrl, String page) {
    if (applicationUrl.isPresent() && problem(applicationUrl.get()).isEmpty()) {
      return applicationUrl;
    }
    return publicUrl.map(base -> base + "/account/" + page + "?token=" + TOKEN);
  }

  /** @param values placeholder name (without braces) → raw value, URL-encoded here */
  public static String fill(String url, Map<String, String> values) {
    String filled = url;
    for (Map.Entry<String, String> value : values.entrySet()) {
      filled = filled.replace("{" + value.getKey() + "}", URLEncoder.encode(value.getValue(), StandardCharsets.UTF_8));
    }
    return filled;
  }
}
