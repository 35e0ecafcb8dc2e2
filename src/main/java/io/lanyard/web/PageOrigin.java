package io.lanyard.web;

import io.vertx.core.http.HttpServerRequest;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * Where people reach the hosted pages: {@code http.publicUrl} when set (its path is where the pages live behind a proxy, its
 * scheme whether their cookie is {@code Secure}), else the request's own {@code Host}. Decides whether a POST comes from one
 * of our pages: the browser's {@code Sec-Fetch-Site} when it sends one, else its {@code Origin}.
 */
public final class PageOrigin {

  private final Optional<String> origin;
  private final String basePath;
  private final boolean secure;

  private PageOrigin(Optional<String> origin, String basePath, boolean secure) {
    this.origin = origin;
    this.basePath = basePath;
    this.secure = secure;
  }

  /** @param publicUrl absolute, without a trailing slash (as the configuration keeps it) */
  public static PageOrigin of(Optional<String> publicUrl) {
    if (publicUrl.isEmpty()) {
      return new PageOrigin(Optional.empty(), "", false);
    }
    URI uri = URI.create(publicUrl.get());
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    String origin = scheme + "://" + uri.getRawAuthority().toLowerCase(Locale.ROOT);
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    return new PageOrigin(Optional.of(origin), path.endsWith("/") ? path.substring(0, path.length() - 1) : path,
      scheme.equals("https"));
  }

  /** The pages' path as browsers see it, ending with a slash: where {@code style.css} is. */
  public String pagesBase() {
    return basePath + AccountPages.PREFIX + "/";
  }

  String cookiePath() {
    return basePath + AccountPages.PREFIX;
  }

  /** The service's path as browsers see it, ending with a slash: the single sign-on cookie's path. */
  public String rootPath() {
    return basePath + "/";
  }

  public boolean isSecure() {
    return secure;
  }

  /**
   * Whether a form was posted from one of our pages. Browsers that send {@code Sec-Fetch-Site} are believed; older ones are
   * judged by {@code Origin}; a request with neither (not a browser, or a very old one) is left to the form token alone.
   */
  boolean isOurs(HttpServerRequest request) {
    String site = request.getHeader("Sec-Fetch-Site");
    if (site != null) {
      return site.equals("same-origin");
    }
    String sentOrigin = request.getHeader("Origin");
    if (sentOrigin == null) {
      return true;
    }
    String claimed = sentOrigin.toLowerCase(Locale.ROOT);
    if (origin.isPresent()) {
      return claimed.equals(origin.get());
    }
    String host = request.getHeader("Host");
    return host != null && (claimed.equals("http://" + host.toLowerCase(Locale.ROOT))
      || claimed.equals("https://" + host.toLowerCase(Locale.ROOT)));
  }
}
