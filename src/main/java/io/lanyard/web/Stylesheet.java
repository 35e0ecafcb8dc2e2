package io.lanyard.web;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The pages' stylesheet: the one in the jar, or the operator's ({@code http.pagesStylesheet}), read once at start. */
public final class Stylesheet {

  private static final String BUILT_IN = "pages/style.css";
  private static final String CONSOLE = "console/console.css";

  private final Buffer css;

  private Stylesheet(Buffer css) {
    this.css = css;
  }

  /** Blocking: called while the service starts. */
  public static Stylesheet load(Optional<Path> replacement) {
    try {
      if (replacement.isPresent()) {
        return new Stylesheet(Buffer.buffer(Files.readAllBytes(replacement.get())));
      }
      return resource(BUILT_IN);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The console's additions to the pages' stylesheet (tables, the board's charts); blocking, at start. */
  static Stylesheet console() {
    try {
      return resource(CONSOLE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Stylesheet resource(String name) throws IOException {
    try (InputStream in = Stylesheet.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the classpath");
      }
      return new Stylesheet(Buffer.buffer(in.readAllBytes()));
    }
  }

  void serve(HttpServerResponse response) {
    response.putHeader(HttpHeaders.CONTENT_TYPE, "text/css; charset=utf-8")
      .putHeader("X-Content-Type-Options", "nosniff")
      .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=3600")
      .end(css);
  }
}
