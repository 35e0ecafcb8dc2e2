package io.lanyard.boot.cli;

import io.lanyard.platform.config.LanyardConfig;
import io.vertx.core.json.JsonObject;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code health}: asks the service running on this machine whether it is ready, for a container's HEALTHCHECK (JRE images
 * have no curl). Reads the same configuration as the service to find its port; opens no database and starts no Vert.x.
 */
@Command(name = "health", description = "Ask the local service whether it is ready (GET /_healthCheck); exit 0 if it is, 1 if not.",
  footer = "  java -jar lanyard.jar health --timeout 3")
final class HealthCommand implements Callable<Integer> {

  @Spec
  private CommandSpec spec;

  @Option(names = "--url", paramLabel = "URL", description = "Health URL (default: http://127.0.0.1:<http.port>/_healthCheck).")
  private URI url;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "5", description = "Give up after this long (default 5).")
  private int timeoutSeconds;

  @Override
  public Integer call() throws InterruptedException {
    URI target = url != null ? url : localUrl(((LanyardCommand) spec.root().userObject()).config());
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(timeoutSeconds)).build();
    HttpRequest request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(timeoutSeconds)).GET().build();
    try {
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() == 200) {
        spec.commandLine().getOut().println("ready");
        return 0;
      }
      spec.commandLine().getErr().println("lanyard: not ready (" + response.statusCode() + "): " + reason(response.body()));
    } catch (IOException e) {
      spec.commandLine().getErr().println("lanyard: no answer from " + target + ": " + e);
    }
    return 1;
  }

  private static URI localUrl(LanyardConfig config) {
    LanyardConfig.Http http = config.http();
    boolean anyAddress = http.host().equals("0.0.0.0") || http.host().equals("::");
    String host = anyAddress ? "127.0.0.1" : http.host();
    return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + http.port() + "/_healthCheck");
  }

  /** The envelope's error message, when the reply is one. */
  private static String reason(String body) {
    try {
      JsonObject error = new JsonObject(body).getJsonObject("error");
      return error == null ? body : error.getString("message");
    } catch (RuntimeException notAnEnvelope) {
      return body.length() > 200 ? body.substring(0, 200) : body;
    }
  }
}
