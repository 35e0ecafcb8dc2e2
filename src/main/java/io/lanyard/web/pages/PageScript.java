package io.lanyard.web.pages;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A script of our own that a page runs as progressive enhancement (the page works without it), served from our origin, as
 * the page's {@code Content-Security-Policy} allows ({@link ContentSecurityPolicy#runningOurScript}) and nothing else: the
 * login and passkeys pages' {@code passkey.js}, the console's live board's {@code board.js}.
 */
public final class PageScript {

  /** The passkeys' script, relative to the pages' base. */
  public static final String PASSKEY = "passkey.js";

  private final Buffer script;

  private PageScript(Buffer script) {
    this.script = script;
  }

  /** The hosted pages' passkey script; blocking, called while the service starts. */
  public static PageScript passkey() {
    return load("pages/" + PASSKEY);
  }

  /** The script at {@code resource} on the classpath; blocking, called while the service starts. */
  public static PageScript load(String resource) {
    try (InputStream in = PageScript.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from the classpath");
      }
      return new PageScript(Buffer.buffer(in.readAllBytes()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void serve(HttpServerResponse response) {
    response.putHeader(HttpHeaders.CONTENT_TYPE, "text/javascript; charset=utf-8")
      .putHeader("X-Content-Type-Options", "nosniff")
      .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=3600")
      .end(script);
  }
}
