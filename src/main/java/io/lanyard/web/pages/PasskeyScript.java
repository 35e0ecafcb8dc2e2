package io.lanyard.web.pages;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The login page's one script, {@code passkey.js}: "sign in with a passkey" as progressive enhancement (the page works
 * without it). Served from our origin, as the page's {@code Content-Security-Policy} allows and nothing else.
 */
public final class PasskeyScript {

  /** Its address, relative to the pages' base. */
  public static final String NAME = "passkey.js";
  private static final String RESOURCE = "pages/" + NAME;

  private final Buffer script;

  private PasskeyScript(Buffer script) {
    this.script = script;
  }

  /** Blocking: called while the service starts. */
  public static PasskeyScript load() {
    try (InputStream in = PasskeyScript.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the classpath");
      }
      return new PasskeyScript(Buffer.buffer(in.readAllBytes()));
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
