package io.lanyard.testing;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;

import java.util.ArrayList;
import java.util.List;

import static io.lanyard.testing.Await.await;

/**
 * A client's site for the browser tests of the OpenID Connect pages: its redirect URI answers a page headed "Back at the
 * shop", which tells a test the browser came back; and its registration as a client with the CLI.
 */
public final class ShopSite implements AutoCloseable {

  public static final String BACK = "Back at the shop";

  private final Vertx vertx;
  private final HttpServer server;

  private ShopSite(Vertx vertx, HttpServer server) {
    this.vertx = vertx;
    this.server = server;
  }

  public static ShopSite start() {
    Vertx vertx = Vertx.vertx();
    HttpServer server = await(vertx.createHttpServer().requestHandler(request -> request.response()
      .putHeader("Content-Type", "text/html; charset=utf-8")
      .end("<!DOCTYPE html><html lang=\"en\"><head><title>Shop</title></head><body><main><h1>" + BACK + "</h1></main>"
        + "</body></html>")).listen(0, "127.0.0.1"));
    return new ShopSite(vertx, server);
  }

  public String callback() {
    return "http://127.0.0.1:" + server.actualPort() + "/callback";
  }

  /**
   * An authorization request of the shop's (code flow with PKCE, scopes {@code openid email}) to the provider at
   * {@code issuer}, as the shop sends a browser there.
   *
   * @param more further parameters ({@code ui_locales=en})
   */
  public String authorize(String issuer, String clientId, String more) {
    return issuer + "/oidc/authorize?response_type=code&scope=openid%20email&client_id=" + clientId
      + "&redirect_uri=" + callback() + "&state=xyz&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
      + "&code_challenge_method=S256&" + more;
  }

  /**
   * Registers the shop as a client of {@code app} ({@code apps oidc --app shop}) with this site's callback as its redirect URI.
   *
   * @return its client id
   */
  public String register(TestApp app, String displayName, String... options) {
    List<String> arguments = new ArrayList<>(List.of("apps", "oidc", "--app", "shop", "--display-name", displayName,
      "--redirect-uri", callback()));
    arguments.addAll(List.of(options));
    Cli.Run run = Cli.run(arguments.toArray(String[]::new));
    String clientId = run.lines().stream().filter(line -> line.startsWith("client_id\t")).findFirst()
      .orElseThrow(() -> new AssertionError(run.exitCode() + " " + run.err())).split("\t")[1];
    app.reloadCaches();
    return clientId;
  }

  @Override
  public void close() {
    await(server.close());
    await(vertx.close());
  }
}
