import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The OpenID Connect scenarios of bench/run, which wrk cannot chain: each "request" here is a whole flow, run by
 * {@code connections} virtual browsers at once for {@code seconds}, and printed as wrk's BENCH line (requests = flows).
 *
 * <pre>java bench/OidcBench.java SCENARIO URL CLIENT_ID SECRET REDIRECT_URI CONNECTIONS SECONDS USERS PASSWORD [ACCOUNTS FIRST]</pre>
 *
 * password: a new browser signs in on the hosted login page (a different seeded account each time), then the code is
 * exchanged. sso: ACCOUNTS browsers, each signed in once before as its own seeded account (bench-aFIRST and on); a flow is
 * the authorization request with a browser's SSO cookie (no password) and the code's exchange. refresh: ACCOUNTS clients,
 * each holding a refresh token of its own account, refresh (rotation). Each of the CONNECTIONS loops takes its turn through
 * its own share of the browsers or clients, so that an account sees a flow every few seconds at most, as a person would, and
 * stays under the session cap (security.maxSessionsPerUser): a run where every flow also ends an older session measures the
 * cap, not the flow. The ACCOUNTS line says how many flows the busiest account saw. token: prints one access token (for the
 * userinfo scenario's wrk) and exits.
 */
public final class OidcBench {

  private static final Pattern HIDDEN = Pattern.compile("<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\">");
  private static final Pattern FIELD = Pattern.compile("\"(access_token|refresh_token)\":\"([^\"]+)\"");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final String url;
  private final String clientId;
  private final String basic;
  private final String redirectUri;
  private final int users;
  private final String password;
  private final AtomicInteger nextUser = new AtomicInteger();

  private OidcBench(String url, String clientId, String secret, String redirectUri, int users, String password) {
    this.url = url;
    this.clientId = clientId;
    this.basic = "Basic " + Base64.getEncoder().encodeToString((enc(clientId) + ":" + enc(secret))
      .getBytes(StandardCharsets.UTF_8));
    this.redirectUri = redirectUri;
    this.users = users;
    this.password = password;
  }

  public static void main(String[] args) throws Exception {
    OidcBench bench = new OidcBench(args[1], args[2], args[3], args[4], Integer.parseInt(args[7]), args[8]);
    int connections = Integer.parseInt(args[5]);
    long seconds = Long.parseLong(args[6]);
    // at least one account per loop, and as many for each loop
    int accounts = args.length > 9 ? Math.max(1, Integer.parseInt(args[9]) / connections) * connections : connections;
    if (args.length > 10) {
      bench.nextUser.set(Integer.parseInt(args[10]) - 1);
    }
    switch (args[0]) {
      case "token" -> System.out.println(bench.tokens(bench.signedIn(), "openid email profile")[0]);
      case "password" -> bench.run(connections, seconds, i -> () -> bench.passwordFlow());
      case "sso" -> {
        List<Browser> browsers = bench.prepare(accounts, connections, browser -> browser);
        bench.runOver(browsers.size(), connections, seconds, account -> bench.ssoFlow(browsers.get(account)));
      }
      case "refresh" -> {
        List<String[]> holders = bench.prepare(accounts, connections,
          browser -> new String[] {bench.tokens(browser, "openid offline_access")[1]});
        bench.runOver(holders.size(), connections, seconds, account -> bench.refreshFlow(holders.get(account)));
      }
      default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
    }
  }

  interface Preparation<T> {
    T of(Browser signedIn) throws Exception;
  }

  /**
   * One T per account, each from a browser signed in as a seeded account of its own: four sign-ins (bcrypt) at once, each
   * tried again when admission control refused it (503: more hashing queued than security.hashQueueBudget allows).
   */
  private <T> List<T> prepare(int accounts, int connections, Preparation<T> preparation) throws Exception {
    ExecutorService signIns = Executors.newFixedThreadPool(Math.min(4, connections));
    try {
      List<Future<T>> prepared = new ArrayList<>();
      for (int i = 0; i < accounts; i++) {
        prepared.add(signIns.submit(() -> preparation.of(signedInDespiteRefusals())));
      }
      List<T> all = new ArrayList<>();
      for (Future<T> one : prepared) {
        all.add(one.get());
      }
      return all;
    } finally {
      signIns.shutdownNow();
    }
  }

  interface AccountFlow {
    CompletableFuture<Boolean> run(int account);
  }

  /** Loop i takes accounts i, i + connections, i + 2 × connections... in turn: no two loops share an account. */
  private void runOver(int accounts, int connections, long seconds, AccountFlow flow) throws Exception {
    AtomicIntegerArray flows = new AtomicIntegerArray(accounts);
    run(connections, seconds, i -> {
      int[] turn = {0};
      return () -> {
        int account = i + (turn[0]++ % (accounts / connections)) * connections;
        flows.incrementAndGet(account);
        return flow.run(account);
      };
    });
    int busiest = 0;
    for (int i = 0; i < accounts; i++) {
      busiest = Math.max(busiest, flows.get(i));
    }
    System.out.printf("ACCOUNTS accounts=%d max_flows_per_account=%d%n", accounts, busiest);
  }

  interface Flows {
    Flow of(int index);
  }

  interface Flow {
    CompletableFuture<Boolean> run();
  }

  /** Runs every loop until the time is up; prints the BENCH line. */
  private void run(int connections, long seconds, Flows flows) throws Exception {
    measuring();
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    AtomicLong done = new AtomicLong();
    AtomicLong errors = new AtomicLong();
    ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
    List<CompletableFuture<Void>> loops = new ArrayList<>();
    for (int i = 0; i < connections; i++) {
      Flow flow = flows.of(i);
      CompletableFuture<Void> loop = new CompletableFuture<>();
      loop(flow, end, done, errors, latencies, loop);
      loops.add(loop);
    }
    CompletableFuture.allOf(loops.toArray(CompletableFuture[]::new)).get();
    long elapsedUs = (System.nanoTime() - start) / 1000;
    List<Long> sorted = new ArrayList<>(latencies);
    Collections.sort(sorted);
    System.out.printf("BENCH requests=%d duration_us=%d errors=%d refused=0 p50_us=%d p99_us=%d p999_us=%d%n", done.get(),
      elapsedUs, errors.get(), percentile(sorted, 0.50), percentile(sorted, 0.99), percentile(sorted, 0.999));
  }

  /** Tells bench/run that what comes now is counted: what it costs is measured from here (docs/operating.md#sizing). */
  static void measuring() {
    System.out.println("MEASURING");
    System.out.flush();
  }

  private static void loop(Flow flow, long end, AtomicLong done, AtomicLong errors, ConcurrentLinkedQueue<Long> latencies,
                           CompletableFuture<Void> finished) {
    if (System.nanoTime() >= end) {
      finished.complete(null);
      return;
    }
    long began = System.nanoTime();
    flow.run().whenComplete((ok, failure) -> {
      done.incrementAndGet();
      latencies.add((System.nanoTime() - began) / 1000);
      if (failure != null || !Boolean.TRUE.equals(ok)) {
        errors.incrementAndGet();
      }
      loop(flow, end, done, errors, latencies, finished);
    });
  }

  private static long percentile(List<Long> sorted, double p) {
    return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
  }

  // ------------------------------------------------------------------------------------------------------------- flows

  private CompletableFuture<Boolean> passwordFlow() {
    Browser browser = new Browser();
    Pkce pkce = new Pkce();
    return browser.send(get(authorize(pkce, "openid"))).thenCompose(toLogin -> browser.send(get(location(toLogin))))
      .thenCompose(page -> browser.send(post(URI.create(url + "/account/login"), form(page.body())
        + "&email=" + enc("bench-a" + (1 + nextUser.getAndIncrement() % users) + "@loadtest.invalid")
        + "&password=" + enc(password))))
      .thenCompose(callback -> exchange(code(callback), pkce));
  }

  private CompletableFuture<Boolean> ssoFlow(Browser browser) {
    Pkce pkce = new Pkce();
    return browser.send(get(authorize(pkce, "openid"))).thenCompose(callback -> exchange(code(callback), pkce));
  }

  private CompletableFuture<Boolean> refreshFlow(String[] holder) {
    return send(HTTP, postBuilder(URI.create(url + "/oidc/token"), "grant_type=refresh_token&refresh_token="
      + enc(holder[0])).header("Authorization", basic).build()).thenApply(response -> {
        Matcher refresh = FIELD.matcher(response.body());
        while (refresh.find()) {
          if (refresh.group(1).equals("refresh_token")) {
            holder[0] = refresh.group(2);
            return response.statusCode() == 200;
          }
        }
        return false;
      });
  }

  private CompletableFuture<Boolean> exchange(String code, Pkce pkce) {
    return send(HTTP, postBuilder(URI.create(url + "/oidc/token"), "grant_type=authorization_code&code=" + enc(code)
      + "&redirect_uri=" + enc(redirectUri) + "&code_verifier=" + pkce.verifier).header("Authorization", basic).build())
      .thenApply(response -> response.statusCode() == 200 && response.body().contains("\"id_token\""));
  }

  // ------------------------------------------------------------------------------------------------------------- setup

  private Browser signedInDespiteRefusals() throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        return signedIn();
      } catch (Refused refused) {
        if (attempt == 20) {
          throw refused;
        }
        Thread.sleep(250L * attempt);
      }
    }
  }

  /** A sign-in answered 503: the hash queue was full. */
  private static final class Refused extends IllegalStateException {
    Refused() {
      super("sign-in refused: 503");
    }
  }

  /** A browser signed in once (its SSO cookie kept). */
  private Browser signedIn() throws Exception {
    Browser browser = new Browser();
    Pkce pkce = new Pkce();
    HttpResponse<String> toLogin = browser.send(get(authorize(pkce, "openid"))).get();
    HttpResponse<String> page = browser.send(get(location(toLogin))).get();
    HttpResponse<String> callback = browser.send(post(URI.create(url + "/account/login"), form(page.body())
      + "&email=" + enc("bench-a" + (1 + nextUser.getAndIncrement() % users) + "@loadtest.invalid")
      + "&password=" + enc(password))).get();
    if (callback.statusCode() == 503) {
      throw new Refused();
    }
    if (callback.statusCode() != 303) {
      throw new IllegalStateException("sign-in failed: " + callback.statusCode());
    }
    return browser;
  }

  /** {access token, refresh token} of a flow in a signed-in browser. */
  private String[] tokens(Browser browser, String scope) throws Exception {
    Pkce pkce = new Pkce();
    String code = code(browser.send(get(authorize(pkce, scope))).get());
    String body = send(HTTP, postBuilder(URI.create(url + "/oidc/token"), "grant_type=authorization_code&code=" + enc(code)
      + "&redirect_uri=" + enc(redirectUri) + "&code_verifier=" + pkce.verifier).header("Authorization", basic).build())
      .get().body();
    String[] tokens = new String[2];
    Matcher field = FIELD.matcher(body);
    while (field.find()) {
      tokens[field.group(1).equals("access_token") ? 0 : 1] = field.group(2);
    }
    return tokens;
  }

  // ----------------------------------------------------------------------------------------------------------- helpers

  private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  /**
   * A browser's cookies over the one shared client: thousands of browsers without a client (and its selector thread) each.
   * Enough of a cookie jar for one service: a cookie's name and value, the latest one set.
   */
  private static final class Browser {
    private final Map<String, String> cookies = new ConcurrentHashMap<>();

    CompletableFuture<HttpResponse<String>> send(HttpRequest request) {
      HttpRequest withCookies = cookies.isEmpty() ? request : HttpRequest.newBuilder(request, (name, value) -> true)
        .header("Cookie", String.join("; ", cookies.entrySet().stream().map(c -> c.getKey() + "=" + c.getValue()).toList()))
        .build();
      return OidcBench.send(HTTP, withCookies).thenApply(response -> {
        for (String set : response.headers().allValues("Set-Cookie")) {
          String pair = set.split(";", 2)[0];
          int equals = pair.indexOf('=');
          if (equals <= 0) {
            continue;
          }
          String name = pair.substring(0, equals).trim();
          String value = pair.substring(equals + 1).trim();
          if (value.isEmpty() || set.toLowerCase(java.util.Locale.ROOT).contains("max-age=0")) {
            cookies.remove(name);
          } else {
            cookies.put(name, value);
          }
        }
        return response;
      });
    }
  }

  private URI authorize(Pkce pkce, String scope) {
    return URI.create(url + "/oidc/authorize?response_type=code&client_id=" + enc(clientId) + "&redirect_uri="
      + enc(redirectUri) + "&scope=" + enc(scope) + "&state=s&code_challenge=" + pkce.challenge
      + "&code_challenge_method=S256");
  }

  private static HttpRequest get(URI uri) {
    return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build();
  }

  private static HttpRequest.Builder postBuilder(URI uri, String body) {
    return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).header("Content-Type",
      "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(body));
  }

  private static HttpRequest post(URI uri, String body) {
    return postBuilder(uri, body).build();
  }

  private static CompletableFuture<HttpResponse<String>> send(HttpClient client, HttpRequest request) {
    return client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }

  private URI location(HttpResponse<String> response) {
    return response.uri().resolve(response.headers().firstValue("Location").orElseThrow());
  }

  private static String code(HttpResponse<String> callback) {
    String location = callback.headers().firstValue("Location").orElse("");
    Matcher code = Pattern.compile("[?&]code=([^&]+)").matcher(location);
    if (!code.find()) {
      throw new IllegalStateException("no code: " + callback.statusCode() + " " + location);
    }
    return java.net.URLDecoder.decode(code.group(1), StandardCharsets.UTF_8);
  }

  private static String form(String html) {
    StringBuilder form = new StringBuilder();
    Matcher hidden = HIDDEN.matcher(html);
    while (hidden.find()) {
      form.append(form.length() == 0 ? "" : "&").append(enc(hidden.group(1))).append('=').append(enc(unescape(hidden.group(2))));
    }
    return form.toString();
  }

  private static String unescape(String html) {
    Matcher entity = Pattern.compile("&(#x[0-9A-Fa-f]+|#[0-9]+|quot|lt|gt|amp);").matcher(html);
    StringBuilder text = new StringBuilder();
    while (entity.find()) {
      String name = entity.group(1);
      String value = switch (name) {
        case "quot" -> "\"";
        case "lt" -> "<";
        case "gt" -> ">";
        case "amp" -> "&";
        default -> String.valueOf((char) (name.startsWith("#x") ? Integer.parseInt(name.substring(2), 16)
          : Integer.parseInt(name.substring(1))));
      };
      entity.appendReplacement(text, Matcher.quoteReplacement(value));
    }
    return entity.appendTail(text).toString();
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** A PKCE pair: 32 random bytes, and their S256. */
  private static final class Pkce {
    final String verifier;
    final String challenge;

    Pkce() {
      byte[] bytes = new byte[32];
      RANDOM.nextBytes(bytes);
      verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
      try {
        challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(MessageDigest.getInstance("SHA-256")
          .digest(verifier.getBytes(StandardCharsets.US_ASCII)));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
