package io.lanyard.services.metrics;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.metrics.HttpServerMetrics;
import io.vertx.core.spi.observability.HttpRequest;
import io.vertx.core.spi.observability.HttpResponse;

import java.util.concurrent.TimeUnit;

/**
 * An HTTP server's metrics: per request, {@link RequestMeters} (resolved once per route, method and status); per connection
 * (active connections, bytes read and written), Vert.x Micrometer's own implementation, which this one delegates to.
 */
final class HttpServerMeters implements HttpServerMetrics<HttpServerMeters.Request, Object, Object> {

  private final HttpServerMetrics<Object, Object, Object> connections;
  private final RequestMeters meters;

  /** @param meters shared by every server of the Vert.x instance (the HTTP verticles share one port) */
  HttpServerMeters(HttpServerMetrics<Object, Object, Object> connections, RequestMeters meters) {
    this.connections = connections;
    this.meters = meters;
  }

  /** One request in flight: when it began, its method, the routes it went through. */
  static final class Request {
    private final long startNanos = System.nanoTime();
    private final int method;
    private String route;
    private boolean requestEnded;
    private boolean responseEnded;

    private Request(int method) {
      this.method = method;
    }
  }

  @Override
  public Request requestBegin(Object socket, HttpRequest request) {
    Request metric = new Request(RequestMeters.methodIndex(request.method()));
    meters.method(metric.method).active().increment();
    return metric;
  }

  @Override
  public void requestRouted(Request request, String route) {
    if (route != null) {
      // as Vert.x Micrometer does: the route templates a request went through, joined by '>'
      request.route = request.route == null ? route : request.route + ">" + route;
    }
  }

  @Override
  public void requestEnd(Request request, HttpRequest httpRequest, long bytesRead) {
    RequestMeters.MethodMeters method = meters.method(request.method);
    method.requestBytes().record(bytesRead);
    request.requestEnded = true;
    if (request.responseEnded) {
      method.active().decrement();
    }
  }

  @Override
  public void responseEnd(Request request, HttpResponse response, long bytesWritten) {
    String route = request.route == null ? "" : request.route;
    RequestMeters.StatusMeters status = meters.status(route, request.method, response.statusCode());
    status.requests().increment();
    status.responseTime().record(System.nanoTime() - request.startNanos, TimeUnit.NANOSECONDS);
    status.responseBytes().record(bytesWritten);
    request.responseEnded = true;
    if (request.requestEnded) {
      meters.method(request.method).active().decrement();
    }
  }

  @Override
  public void requestReset(Request request) {
    RequestMeters.MethodMeters method = meters.method(request.method);
    method.resets().increment();
    if (!(request.requestEnded && request.responseEnded)) {
      method.active().decrement();
    }
    request.requestEnded = true;
    request.responseEnded = true;
  }

  @Override
  public Request responsePushed(Object socket, HttpMethod method, String uri, HttpResponse response) {
    return null;
  }

  @Override
  public Object connected(Object socket, Request request, ServerWebSocket webSocket) {
    return connections.connected(socket, null, webSocket);
  }

  @Override
  public void disconnected(Object webSocket) {
    connections.disconnected(webSocket);
  }

  @Override
  public Object connected(SocketAddress remoteAddress, String remoteName) {
    return connections.connected(remoteAddress, remoteName);
  }

  @Override
  public void disconnected(Object socket, SocketAddress remoteAddress) {
    connections.disconnected(socket, remoteAddress);
  }

  @Override
  public void bytesRead(Object socket, SocketAddress remoteAddress, long bytes) {
    connections.bytesRead(socket, remoteAddress, bytes);
  }

  @Override
  public void bytesWritten(Object socket, SocketAddress remoteAddress, long bytes) {
    connections.bytesWritten(socket, remoteAddress, bytes);
  }

  @Override
  public void exceptionOccurred(Object socket, SocketAddress remoteAddress, Throwable failure) {
    connections.exceptionOccurred(socket, remoteAddress, failure);
  }

  @Override
  public void close() {
    connections.close();
  }
}
