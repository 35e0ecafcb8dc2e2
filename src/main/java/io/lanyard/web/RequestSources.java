package io.lanyard.web;

import io.lanyard.platform.support.AddressRanges;
import io.netty.util.AttributeKey;
import io.netty.util.NetUtil;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.net.impl.ConnectionBase;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * The source of a request (docs/decisions.md §7): the TCP peer; when the peer is a trusted proxy ({@code http.trustedProxies}), the
 * right-most {@code X-Forwarded-For} address that is not itself a trusted proxy. Entries left of that one were written by
 * whoever sent the request, so they are never believed. Addresses come out in one canonical text form, so one client is one
 * key for the limits and the logs however it was spelled.
 */
public final class RequestSources {

  static final String FORWARDED_FOR = "X-Forwarded-For";
  private static final String UNKNOWN = "unknown";
  /** The peer of a connection, read once for all its requests; the channel drops it when it closes. */
  private static final AttributeKey<Peer> PEER = AttributeKey.valueOf(RequestSources.class, "peer");

  private final AddressRanges trustedProxies;

  public RequestSources(AddressRanges trustedProxies) {
    this.trustedProxies = trustedProxies;
  }

  public String of(HttpServerRequest request) {
    Peer peer = peerOf(request.connection());
    return peer.trustedProxy() ? throughProxies(request.headers().getAll(FORWARDED_FOR), peer.address()) : peer.source();
  }

  /**
   * The connection's own peer: vert.x-web's request.remoteAddress() runs its Forwarded-header parser on every request, which
   * the router never asks for (X-Forwarded-For is read here, from trusted proxies only). Parsed once per connection, not per
   * request.
   */
  private Peer peerOf(HttpConnection connection) {
    if (!(connection instanceof ConnectionBase base)) {
      return peer(connection.remoteAddress());
    }
    Peer peer = base.channel().attr(PEER).get();
    if (peer == null) {
      peer = peer(connection.remoteAddress());
      base.channel().attr(PEER).set(peer);
    }
    return peer;
  }

  private Peer peer(SocketAddress socket) {
    Optional<InetAddress> address = socket == null ? Optional.empty() : AddressRanges.literal(socket.hostAddress());
    if (address.isEmpty()) {
      return new Peer(null, socket == null ? UNKNOWN : socket.hostAddress(), false);
    }
    return new Peer(address.get(), NetUtil.toAddressString(address.get()), trustedProxies.contains(address.get()));
  }

  /** @param source the request's source when the peer is no trusted proxy: the peer's address, in canonical form */
  private record Peer(InetAddress address, String source, boolean trustedProxy) {
  }

  /** Right to left through the hops the trusted proxies appended; an entry that is no address ends the walk at the last hop. */
  private String throughProxies(List<String> forwardedFor, InetAddress closestProxy) {
    InetAddress hop = closestProxy;
    for (int header = forwardedFor.size() - 1; header >= 0; header--) {
      String[] entries = forwardedFor.get(header).split(",");
      for (int i = entries.length - 1; i >= 0; i--) {
        Optional<InetAddress> address = AddressRanges.literal(entries[i]);
        if (address.isEmpty()) {
          return NetUtil.toAddressString(hop);
        }
        hop = address.get();
        if (!trustedProxies.contains(hop)) {
          return NetUtil.toAddressString(hop);
        }
      }
    }
    return NetUtil.toAddressString(hop);
  }
}
