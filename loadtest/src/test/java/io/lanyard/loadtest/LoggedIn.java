package io.lanyard.loadtest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Accounts logged in once before a run (in the simulation's {@code before()}), whose tokens the token-only scenarios share:
 * measuring getAllUserTypes or updateUser should not measure bcrypt too. A feeder of {@code email} and {@code jwt}, round robin.
 */
final class LoggedIn {

  private static final Pattern JWT = Pattern.compile("\"jwt\":\"([^\"]+)\"");

  private final List<Map<String, Object>> sessions = new CopyOnWriteArrayList<>();
  private final AtomicLong next = new AtomicLong();

  /** Logs in up to {@code count} of the seeded active accounts. */
  void logIn(String baseUrl, List<Map<String, Object>> accounts, String password, int count) {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    for (Map<String, Object> account : accounts.subList(0, Math.min(count, accounts.size()))) {
      String email = (String) account.get("email");
      HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/_login/local?expiresIn=2h"))
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(Json.object(Map.of("username", email, "password", password))))
        .build();
      try {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        Matcher jwt = JWT.matcher(response.body());
        if (response.statusCode() != 200 || !jwt.find()) {
          throw new IllegalStateException("logging in " + email + " before the run failed: HTTP " + response.statusCode()
            + " (is --password the one the accounts were seeded with?)");
        }
        sessions.add(Map.of("email", email, "jwt", jwt.group(1)));
      } catch (IOException e) {
        throw new IllegalStateException("cannot reach " + baseUrl + ": " + e, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }

  Iterator<Map<String, Object>> feeder() {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return !sessions.isEmpty();
      }

      @Override
      public Map<String, Object> next() {
        return sessions.get((int) (next.getAndIncrement() % sessions.size()));
      }
    };
  }
}
