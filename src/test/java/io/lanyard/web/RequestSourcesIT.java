package io.lanyard.web;

import io.lanyard.boot.Lanyard;
import io.lanyard.platform.support.AddressRanges;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.PoolOptions;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The source of a request (docs/decisions.md §7), read by a real HTTP server from a real connection over loopback. */
class RequestSourcesIT {

  private final Vertx vertx = Lanyard.createVertx();
  private final AtomicInteger connections = new AtomicInteger();
  private HttpServer server;

  @AfterEach
  void close() {
    await(vertx.close());
  }

  @Test
  void withoutTrustedProxiesTheSourceIsThePeerWhateverTheHeaderSays() {
    int port = serve(AddressRanges.NONE);

    assertThat(sourceSeen(port, "203.0.113.9")).isEqualTo("127.0.0.1");
  }

  @Test
  void behindATrustedProxyTheSourceIsTheRightMostForwardedAddress() {
    int port = serve(AddressRanges.parse(List.of("127.0.0.0/8")));

    assertThat(sourceSeen(port, "198.51.100.7, 203.0.113.9")).isEqualTo("203.0.113.9");
  }

  @Test
  void forwardedAddressesOfTrustedProxiesAreSkipped() {
    int port = serve(AddressRanges.parse(List.of("127.0.0.1", "10.0.0.0/8")));

    assertThat(sourceSeen(port, "203.0.113.9, 10.1.2.3")).isEqualTo("203.0.113.9");
  }

  @Test
  void aClientCannotChooseItsSourceByPrependingAddresses() {
    int port = serve(AddressRanges.parse(List.of("127.0.0.1")));

    assertThat(sourceSeen(port, "10.0.0.1, 198.51.100.7", "203.0.113.9")).isEqualTo("203.0.113.9");
  }

  @Test
  void anEntryThatIsNoAddressOrNoHeaderEndsAtTheLastTrustedHop() {
    int port = serve(AddressRanges.parse(List.of("127.0.0.1")));

    assertThat(sourceSeen(port, "evil.example")).isEqualTo("127.0.0.1");
    assertThat(sourceSeen(port)).isEqualTo("127.0.0.1");
  }

  @Test
  void ipv6SourcesComeOutInOneCanonicalForm() {
    int port = serve(AddressRanges.parse(List.of("127.0.0.1")));

    assertThat(sourceSeen(port, "2001:DB8:0:0::7")).isEqualTo("2001:db8::7");
  }

  @Test
  void eachRequestOfAKeptConnectionHasItsOwnSource() {
    int port = serve(AddressRanges.parse(List.of("127.0.0.1")));
    // one connection for all: the peer is read once per connection, the forwarded address per request
    WebClient client = WebClient.create(vertx, new WebClientOptions().setKeepAlive(true), new PoolOptions().setHttp1MaxSize(1));

    assertThat(sourceSeen(client, port, "203.0.113.9")).isEqualTo("203.0.113.9");
    assertThat(sourceSeen(client, port, "198.51.100.7")).isEqualTo("198.51.100.7");
    assertThat(sourceSeen(client, port)).isEqualTo("127.0.0.1");
    assertThat(connections).hasValue(1);
  }

  @Test
  void rangesThatAreNoAddressesAreRefused() {
    for (String bad : List.of("example.org", "10.0.0.0/33", "10.0.0.0/x", "")) {
      assertThatThrownBy(() -> AddressRanges.parse(List.of(bad)))
        .isInstanceOf(IllegalArgumentException.class);
    }
  }

  private int serve(AddressRanges trusted) {
    RequestSources sources = new RequestSources(trusted);
    server = await(vertx.createHttpServer().connectionHandler(connection -> connections.incrementAndGet())
      .requestHandler(request -> request.response().end(sources.of(request))).listen(0, "127.0.0.1"));
    return server.actualPort();
  }

  private String sourceSeen(int port, String... forwardedFor) {
    return sourceSeen(WebClient.create(vertx), port, forwardedFor);
  }

  private String sourceSeen(WebClient client, int port, String... forwardedFor) {
    HttpRequest<Buffer> request = client.request(HttpMethod.GET, port, "127.0.0.1", "/");
    for (String header : forwardedFor) {
      request.headers().add(RequestSources.FORWARDED_FOR, header);
    }
    return await(request.send()).bodyAsString();
  }
}
