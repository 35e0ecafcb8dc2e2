package io.lanyard.web;

import io.lanyard.web.pages.CommonPages;
import io.lanyard.web.pages.ContentSecurityPolicy;
import io.lanyard.web.pages.Page;
import io.lanyard.web.pages.PageTemplates;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;

/**
 * Writes a page for people (the hosted pages, the help desk's console) once, with the same strict headers on every one: a
 * redirect without a body, or the page's HTML; a template that fails gives the "something broke" page instead.
 */
final class PageWriter {

  private static final Logger log = LoggerFactory.getLogger(PageWriter.class);
  private static final String HTML_UTF8 = "text/html; charset=utf-8";
  /**
   * No script at all (a page carrying a CAPTCHA widget widens its own policy for the provider only), styles from here only,
   * no framing, forms posted here only, no referrer leaking a link token.
   */
  static final Map<String, String> SECURITY_HEADERS = Map.of(
    "Content-Security-Policy", ContentSecurityPolicy.STRICT,
    "X-Frame-Options", "DENY",
    "X-Content-Type-Options", "nosniff",
    "Referrer-Policy", "no-referrer",
    "Cache-Control", "no-store",
    "Cross-Origin-Opener-Policy", "same-origin");

  private final PageTemplates templates;
  private final PageTemplates hosted;
  private final CommonPages common;

  /**
   * @param templates what renders the pages written here
   * @param hosted the hosted pages' templates, which render the "something broke" page of {@code common}
   */
  PageWriter(PageTemplates templates, PageTemplates hosted, CommonPages common) {
    this.templates = templates;
    this.hosted = hosted;
    this.common = common;
  }

  void write(RoutingContext context, Page page) {
    HttpServerResponse response = context.response();
    if (response.ended() || response.closed()) {
      return;
    }
    if (page.status() / 100 == 3) {
      // a redirect (to a client, or the next page of a sign-in): the browser follows Location and reads no body
      SECURITY_HEADERS.forEach(response::putHeader);
      page.headers().forEach(response::putHeader);
      page.cookies().forEach(cookie -> response.headers().add(HttpHeaders.SET_COOKIE, cookie));
      response.setStatusCode(page.status()).end();
      return;
    }
    String html;
    Page written = page;
    try {
      html = templates.render(page);
    } catch (RuntimeException e) {
      log.error("Page template {} failed", page.template(), e);
      written = common.failed(page.language());
      html = hosted.render(written);
    }
    SECURITY_HEADERS.forEach(response::putHeader);
    written.headers().forEach(response::putHeader);
    written.cookies().forEach(cookie -> response.headers().add(HttpHeaders.SET_COOKIE, cookie));
    response.setStatusCode(written.status()).putHeader(HttpHeaders.CONTENT_TYPE, HTML_UTF8);
    response.end(html);
  }
}
