import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The ceiling the read scenarios are measured against: a bare Vert.x HTTP server, same Vert.x as the service (run on the
 * service jar's classpath) and the same network transport (epoll where Netty's native transport loads, as the service
 * prefers it), one verticle per core, that answers every request with the same bytes as a real
 * getAllUserTypes reply, with no routing, token check, JSON work, logging or metrics.
 * {@code java -cp lanyard.jar Ceiling.java PORT REPLY_FILE}; prints "ceiling ready" once listening.
 */
public final class Ceiling extends VerticleBase {

  private final int port;
  private final Buffer reply;

  private Ceiling(int port, Buffer reply) {
    this.port = port;
    this.reply = reply;
  }

  @Override
  public Future<?> start() {
    HttpServer server = vertx.createHttpServer().requestHandler(request -> request.response()
      .putHeader("Content-Type", "application/json; charset=utf-8").end(reply));
    return server.listen(port, "127.0.0.1");
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    Buffer reply = Buffer.buffer(Files.readAllBytes(Path.of(args[1])));
    int cores = Runtime.getRuntime().availableProcessors();
    Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
    vertx.deployVerticle(() -> new Ceiling(port, reply), new DeploymentOptions().setInstances(cores))
      .onSuccess(deployed -> System.out.println("ceiling ready (" + (vertx.isNativeTransportEnabled() ? "epoll" : "NIO")
        + " network transport)"))
      .onFailure(failure -> {
        failure.printStackTrace();
        System.exit(1);
      });
  }
}
