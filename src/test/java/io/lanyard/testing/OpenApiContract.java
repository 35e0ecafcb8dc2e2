package io.lanyard.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.UnknownKeywordFactory;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.oas.OpenApi31;
import io.lanyard.web.server.OpenApiDocument;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The OpenAPI document ({@code src/main/resources/openapi.yaml}) as a contract on every reply a test receives: the route,
 * method and status must be documented, and the body must validate against the documented schema (JSON Schema 2020-12, by
 * the networknt validator, OpenAPI 3.1 dialect). A reply the document does not describe fails the test that received it.
 */
public final class OpenApiContract {

  private static final String DOCUMENT = "classpath:" + OpenApiDocument.RESOURCE;
  private static final String JSON = "application/json";
  private static final OpenApiContract INSTANCE = new OpenApiContract();

  /** A documented path: its template, and a pattern matching the concrete paths it stands for. */
  private record Template(String template, Pattern pattern, boolean literal) {
  }

  private final JsonNode document;
  private final List<Template> templates = new ArrayList<>();
  private final JsonSchemaFactory factory;
  private final SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().build();
  private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();

  private OpenApiContract() {
    try (InputStream in = OpenApiContract.class.getClassLoader().getResourceAsStream(OpenApiDocument.RESOURCE)) {
      document = new ObjectMapper(new YAMLFactory()).readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    document.get("paths").fieldNames().forEachRemaining(path -> templates.add(template(path)));
    // literal paths win over templated ones, as OpenAPI says
    templates.sort((a, b) -> Boolean.compare(b.literal(), a.literal()));
    // The document's root keywords (openapi, paths...) are not schema keywords; the validator's warning about them is noise.
    ((Logger) LoggerFactory.getLogger(UnknownKeywordFactory.class)).setLevel(Level.ERROR);
    factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012, builder -> builder
      .metaSchema(OpenApi31.getInstance())
      .defaultMetaSchemaIri(OpenApi31.getInstance().getIri()));
  }

  public static OpenApiContract get() {
    return INSTANCE;
  }

  /** The whole document, for tests that read it. */
  public JsonNode document() {
    return document;
  }

  /**
   * Fails with an {@link AssertionError} unless the document describes this reply.
   *
   * @param path the request path, query string allowed
   * @param contentType the reply's Content-Type, or null
   */
  public void check(String method, String path, int status, String contentType, String body) {
    String where = method + " " + path + " → " + status;
    String pointer = responsePointer(method.toLowerCase(Locale.ROOT), normalise(path), Integer.toString(status))
      .orElseThrow(() -> new AssertionError("The OpenAPI document has no reply " + where + "\n" + body));
    JsonNode response = resolve(pointer);
    String responsePointer = pointer;
    if (response.has("$ref")) {
      responsePointer = response.get("$ref").asText().substring(1);
      response = resolve(responsePointer);
    }
    String mediaType = contentType == null ? "" : contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
    JsonNode content = response.path("content");
    if (!content.has(mediaType)) {
      throw new AssertionError("The OpenAPI document has no " + (mediaType.isEmpty() ? "body" : mediaType) + " for " + where
        + " (documented: " + iterable(content.fieldNames()) + ")");
    }
    if (!mediaType.equals(JSON)) {
      return;
    }
    String schemaPointer = responsePointer + "/content/" + escape(JSON) + "/schema";
    JsonSchema schema = schemas.computeIfAbsent(schemaPointer,
      key -> factory.getSchema(SchemaLocation.of(DOCUMENT + "#" + key), config));
    Set<ValidationMessage> problems = schema.validate(body, InputFormat.JSON);
    if (!problems.isEmpty()) {
      throw new AssertionError("Reply " + where + " breaks the OpenAPI document (" + schemaPointer + "):\n  "
        + problems.stream().map(ValidationMessage::toString).sorted().collect(Collectors.joining("\n  ")) + "\n" + body);
    }
  }

  /**
   * Fails with an {@link AssertionError} unless the document's {@code webhooks} section describes this delivery body.
   *
   * @param type the event type, the name of its entry under {@code webhooks}
   */
  public void checkWebhook(String type, String body) {
    String pointer = "/webhooks/" + escape(type) + "/post/requestBody/content/" + escape(JSON) + "/schema";
    if (resolve(pointer).isMissingNode()) {
      throw new AssertionError("The OpenAPI document has no webhook " + type);
    }
    JsonSchema schema = schemas.computeIfAbsent(pointer, key -> factory.getSchema(SchemaLocation.of(DOCUMENT + "#" + key), config));
    Set<ValidationMessage> problems = schema.validate(body, InputFormat.JSON);
    if (!problems.isEmpty()) {
      throw new AssertionError("Webhook " + type + " breaks the OpenAPI document (" + pointer + "):\n  "
        + problems.stream().map(ValidationMessage::toString).sorted().collect(Collectors.joining("\n  ")) + "\n" + body);
    }
  }

  /** Where the document describes this reply: the operation's own responses, else the replies any path may give. */
  private Optional<String> responsePointer(String method, String path, String status) {
    Optional<Template> template = templates.stream().filter(t -> t.pattern().matcher(path).matches()).findFirst();
    if (template.isPresent()) {
      String operation = "/paths/" + escape(template.get().template()) + "/" + method;
      if (!resolve(operation).isMissingNode()) {
        if (!resolve(operation + "/responses/" + status).isMissingNode()) {
          return Optional.of(operation + "/responses/" + status);
        }
        // a served route never answers "not found"; the decoder's refusals can come anywhere
        return status.equals("404") ? Optional.empty() : anyPath("*", status);
      }
    }
    return method.equals("options") ? anyPath("OPTIONS", status).or(() -> anyPath("*", status)) : anyPath("*", status);
  }

  private Optional<String> anyPath(String group, String status) {
    String pointer = "/x-any-path/" + escape(group) + "/" + status;
    return resolve(pointer).isMissingNode() ? Optional.empty() : Optional.of(pointer);
  }

  private JsonNode resolve(String pointer) {
    return document.at(pointer);
  }

  /** The query string goes, and so does a trailing slash (the service ignores it). */
  private static String normalise(String path) {
    String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    return bare.length() > 1 && bare.endsWith("/") ? bare.substring(0, bare.length() - 1) : bare;
  }

  private static Template template(String path) {
    StringBuilder regex = new StringBuilder();
    boolean literal = true;
    for (String part : path.split("(?=\\{)|(?<=\\})")) {
      if (part.startsWith("{") && part.endsWith("}")) {
        regex.append("[^/]+");
        literal = false;
      } else {
        regex.append(Pattern.quote(part));
      }
    }
    return new Template(path, Pattern.compile(regex.toString()), literal);
  }

  /** JSON Pointer escaping of one reference token. */
  private static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }

  private static List<String> iterable(Iterator<String> names) {
    List<String> list = new ArrayList<>();
    names.forEachRemaining(list::add);
    return list;
  }
}
