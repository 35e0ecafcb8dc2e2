package io.lanyard.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser without script for the OpenID Connect tests: it keeps cookies, follows the service's redirects but stops at one
 * that leaves for a client's redirect URI (which no server answers in a test), and fills in and sends the hosted pages' forms
 * as a person's browser would (hidden fields included, nothing else).
 */
public final class UserAgent {

  private static final Pattern HIDDEN = Pattern.compile("<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\">");
  private static final Pattern ACTION = Pattern.compile("<form method=\"post\" action=\"([^\"]*)\"");

  /** A reply, and where it came from. */
  public record Page(URI uri, int status, String body, HttpResponse<String> response) {

    public Optional<String> header(String name) {
      return response.headers().firstValue(name);
    }

    /** The hidden fields of the page's form, unescaped. */
    public Map<String, String> hiddenFields() {
      Map<String, String> fields = new LinkedHashMap<>();
      Matcher matcher = HIDDEN.matcher(body);
      while (matcher.find()) {
        fields.put(matcher.group(1), unescape(matcher.group(2)));
      }
      return fields;
    }

    public URI formAction() {
      Matcher matcher = ACTION.matcher(body);
      if (!matcher.find()) {
        throw new AssertionError("no form on " + uri + ": " + body);
      }
      return uri.resolve(unescape(matcher.group(1)));
    }
  }

  private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
  private final HttpClient client = HttpClient.newBuilder().cookieHandler(cookies)
    .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build();
  private final String service;
  private final Optional<String> forwardedFor;

  /** @param service the service's origin ({@code http://127.0.0.1:<port>}): redirects elsewhere are not followed */
  public UserAgent(String service) {
    this(service, Optional.empty());
  }

  private UserAgent(String service, Optional<String> forwardedFor) {
    this.service = service;
    this.forwardedFor = forwardedFor;
  }

  /** A browser behind a trusted proxy: every request says it comes from {@code source} ({@code X-Forwarded-For}). */
  public static UserAgent from(String service, String source) {
    return new UserAgent(service, Optional.of(source));
  }

  /** GETs {@code uri} and follows the service's redirects; the last reply (a page, or a redirect leaving the service). */
  public Page open(URI uri) {
    return follow(send(HttpRequest.newBuilder(uri).GET().build()));
  }

  /** Sends the page's form with its hidden fields and {@code fields}, then follows the service's redirects. */
  public Page submit(Page page, Map<String, String> fields) {
    Map<String, String> all = new LinkedHashMap<>(page.hiddenFields());
    all.putAll(fields);
    return post(page.formAction(), all);
  }

  /** POSTs a form to {@code uri} and follows the service's redirects. */
  public Page post(URI uri, Map<String, String> fields) {
    String body = fields.entrySet().stream()
      .map(field -> encode(field.getKey()) + "=" + encode(field.getValue())).collect(Collectors.joining("&"));
    return follow(send(HttpRequest.newBuilder(uri).header("Content-Type", "application/x-www-form-urlencoded")
      .POST(HttpRequest.BodyPublishers.ofString(body)).build()));
  }

  /** Signs in on the login page the authorization request leads to; the redirect to the client. */
  public URI signIn(URI authorizationRequest, String email, String password) {
    Page login = open(authorizationRequest);
    if (login.status() != 200) {
      throw new AssertionError("expected the login page, got " + login.status() + " " + login.uri());
    }
    return redirectOf(submit(login, Map.of("email", email, "password", password)));
  }

  /** The location a reply sends the browser to, outside the service. */
  public static URI redirectOf(Page page) {
    if (page.status() / 100 != 3) {
      throw new AssertionError("expected a redirect, got " + page.status() + " at " + page.uri() + ": " + page.body());
    }
    return URI.create(page.header("Location").orElseThrow());
  }

  public Optional<HttpCookie> cookie(String name) {
    return cookies.getCookieStore().getCookies().stream().filter(cookie -> cookie.getName().equals(name)).findFirst();
  }

  /** Forgets one cookie, as a browser whose session cookie ended keeps the others. */
  public void forgetCookie(String name) {
    cookies.getCookieStore().getCookies().stream().filter(cookie -> cookie.getName().equals(name)).toList()
      .forEach(cookie -> cookies.getCookieStore().getURIs().forEach(uri -> cookies.getCookieStore().remove(uri, cookie)));
  }

  public void forgetCookies() {
    cookies.getCookieStore().removeAll();
  }

  private Page follow(HttpResponse<String> response) {
    HttpResponse<String> current = response;
    for (int hops = 0; hops < 10; hops++) {
      Optional<String> location = current.headers().firstValue("Location");
      if (current.statusCode() / 100 != 3 || location.isEmpty()) {
        break;
      }
      URI next = current.uri().resolve(location.get());
      if (!next.toString().startsWith(service + "/")) {
        break;
      }
      current = send(HttpRequest.newBuilder(next).GET().build());
    }
    return new Page(current.uri(), current.statusCode(), current.body(), current);
  }

  private HttpResponse<String> send(HttpRequest request) {
    HttpRequest sent = forwardedFor.map(source -> HttpRequest.newBuilder(request, (name, value) -> true)
      .header("X-Forwarded-For", source).build()).orElse(request);
    try {
      return client.send(sent, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static final Pattern ENTITY = Pattern.compile("&(#x[0-9A-Fa-f]+|#[0-9]+|quot|lt|gt|amp|apos);");

  private static String unescape(String html) {
    Matcher entity = ENTITY.matcher(html);
    StringBuilder text = new StringBuilder();
    while (entity.find()) {
      String name = entity.group(1);
      String replaced = switch (name) {
        case "quot" -> "\"";
        case "lt" -> "<";
        case "gt" -> ">";
        case "amp" -> "&";
        case "apos" -> "'";
        default -> String.valueOf((char) (name.startsWith("#x") ? Integer.parseInt(name.substring(2), 16)
          : Integer.parseInt(name.substring(1))));
      };
      entity.appendReplacement(text, Matcher.quoteReplacement(replaced));
    }
    return entity.appendTail(text).toString();
  }
}
