package io.lanyard.services.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.datagram.DatagramSocketOptions;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.metrics.ClientMetrics;
import io.vertx.core.spi.metrics.DatagramSocketMetrics;
import io.vertx.core.spi.metrics.EventBusMetrics;
import io.vertx.core.spi.metrics.HttpClientMetrics;
import io.vertx.core.spi.metrics.HttpServerMetrics;
import io.vertx.core.spi.metrics.PoolMetrics;
import io.vertx.core.spi.metrics.TCPMetrics;
import io.vertx.micrometer.impl.MicrometerMetrics;

/**
 * Vert.x Micrometer's metrics with one change: an HTTP server's per-request meters come from {@link HttpServerMeters}, which
 * resolves them once per route, method and status rather than building tags and looking meters up on every request. Names,
 * labels and every other meter stay Vert.x Micrometer's own.
 */
final class RouteMeteredVertxMetrics implements io.vertx.core.spi.metrics.VertxMetrics, MicrometerMetrics {

  private final io.vertx.core.spi.metrics.VertxMetrics delegate;
  private final MeterRegistry registry;
  private final RequestMeters requestMeters;

  RouteMeteredVertxMetrics(io.vertx.core.spi.metrics.VertxMetrics delegate, MeterRegistry registry) {
    this.delegate = delegate;
    this.registry = registry;
    this.requestMeters = new RequestMeters(registry);
  }

  @Override
  @SuppressWarnings("unchecked")
  public HttpServerMetrics<?, ?, ?> createHttpServerMetrics(HttpServerOptions options, SocketAddress localAddress) {
    HttpServerMetrics<?, ?, ?> connections = delegate.createHttpServerMetrics(options, localAddress);
    return connections == null ? null : new HttpServerMeters((HttpServerMetrics<Object, Object, Object>) connections, requestMeters);
  }

  @Override
  public MeterRegistry registry() {
    return registry;
  }

  @Override
  public String baseName() {
    return ((MicrometerMetrics) delegate).baseName();
  }

  @Override
  public EventBusMetrics createEventBusMetrics() {
    return delegate.createEventBusMetrics();
  }

  @Override
  public ClientMetrics<?, ?, ?> createClientMetrics(SocketAddress remoteAddress, String type, String namespace) {
    return delegate.createClientMetrics(remoteAddress, type, namespace);
  }

  @Override
  public HttpClientMetrics<?, ?, ?> createHttpClientMetrics(HttpClientOptions options) {
    return delegate.createHttpClientMetrics(options);
  }

  @Override
  public TCPMetrics<?> createNetServerMetrics(NetServerOptions options, SocketAddress localAddress) {
    return delegate.createNetServerMetrics(options, localAddress);
  }

  @Override
  public TCPMetrics<?> createNetClientMetrics(NetClientOptions options) {
    return delegate.createNetClientMetrics(options);
  }

  @Override
  public DatagramSocketMetrics createDatagramSocketMetrics(DatagramSocketOptions options) {
    return delegate.createDatagramSocketMetrics(options);
  }

  @Override
  public PoolMetrics<?, ?> createPoolMetrics(String poolType, String poolName, int maxPoolSize) {
    return delegate.createPoolMetrics(poolType, poolName, maxPoolSize);
  }

  @Override
  public void vertxCreated(Vertx vertx) {
    delegate.vertxCreated(vertx);
  }

  @Override
  public boolean isMetricsEnabled() {
    return delegate.isMetricsEnabled();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
