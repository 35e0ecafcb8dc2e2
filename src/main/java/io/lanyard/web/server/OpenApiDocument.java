package io.lanyard.web.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.lanyard.model.api.Reply;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * GET /_openapi: the OpenAPI 3.1 document of the API ({@code openapi.yaml} in the jar), as JSON and without the envelope, as
 * OpenAPI tools read it. Written for the default plugin name {@code Vendor}; served with the configured one. Read at the first
 * request for it, not at start (parsing its YAML, snakeyaml's classes and 117 kB of text, took a tenth of the start), and on
 * a worker thread, not on the event loop that took the request, which would serve nothing else meanwhile.
 */
public final class OpenApiDocument {

  public static final String RESOURCE = "openapi.yaml";
  private static final String DEFAULT_PLUGIN = "Vendor";

  private final Vertx vertx;
  private final String pluginName;
  private final AtomicReference<Future<JsonObject>> document = new AtomicReference<>();

  private OpenApiDocument(Vertx vertx, String pluginName) {
    this.vertx = vertx;
    this.pluginName = pluginName;
  }

  /** The document for this plugin name, read when first asked for. */
  public static OpenApiDocument of(Vertx vertx, String pluginName) {
    return new OpenApiDocument(vertx, pluginName);
  }

  /** The document as written in the jar. */
  @SuppressWarnings("unchecked")
  public static JsonObject read() {
    try (InputStream in = OpenApiDocument.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the classpath");
      }
      return new JsonObject(new ObjectMapper(new YAMLFactory()).readValue(in, Map.class));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + RESOURCE, e);
    }
  }

  public Future<Reply> handle() {
    return document().map(json -> Reply.bare(json, Map.of()));
  }

  /** The first request starts the one reading; the requests that come while it runs wait for it too. */
  private Future<JsonObject> document() {
    Future<JsonObject> known = document.get();
    if (known != null) {
      return known;
    }
    Promise<JsonObject> reading = Promise.promise();
    if (!document.compareAndSet(null, reading.future())) {
      return document.get();
    }
    vertx.executeBlocking(() -> renamePlugin(read(), pluginName), false).onComplete(reading);
    return reading.future();
  }

  /** Paths under {@code /_plugin/Vendor/} and controller names {@code Vendor/...} take the configured plugin name. */
  private static JsonObject renamePlugin(JsonObject node, String pluginName) {
    if (DEFAULT_PLUGIN.equals(pluginName)) {
      return node;
    }
    JsonObject renamed = new JsonObject();
    node.forEach(entry -> renamed.put(rename(entry.getKey(), pluginName), renameValue(entry.getValue(), pluginName)));
    return renamed;
  }

  private static Object renameValue(Object value, String pluginName) {
    if (value instanceof JsonObject object) {
      return renamePlugin(object, pluginName);
    }
    if (value instanceof JsonArray array) {
      JsonArray renamed = new JsonArray();
      array.forEach(item -> renamed.add(renameValue(item, pluginName)));
      return renamed;
    }
    return value instanceof String text ? rename(text, pluginName) : value;
  }

  private static String rename(String text, String pluginName) {
    if (text.startsWith("/_plugin/" + DEFAULT_PLUGIN + "/")) {
      return "/_plugin/" + pluginName + text.substring(("/_plugin/" + DEFAULT_PLUGIN).length());
    }
    if (text.startsWith(DEFAULT_PLUGIN + "/")) {
      return pluginName + text.substring(DEFAULT_PLUGIN.length());
    }
    return text;
  }
}
