package io.lanyard.http;

import io.lanyard.support.AddressRanges;
import io.netty.util.NetUtil;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * The source of a request (DECISIONS.md §7): the TCP peer; when the peer is a trusted proxy ({@code http.trustedProxies}), the
 * right-most {@code X-Forwarded-For} address that is not itself a trusted proxy. Entries left of that one were written by
 * whoever sent the request, so they are never believed. Addresses come out in one canonical text form, so one client is one
 * key for the limits and the logs however it was spelled.
 */
public final class RequestSources {

  static final String FORWARDED_FOR = "X-Forwarded-For";
  private static final String UNKNOWN = "unknown";

  private final AddressRanges trustedProxies;

  public RequestSources(AddressRanges trustedProxies) {
    this.trustedProxies = trustedProxies;
  }

  public String of(HttpServerRequest request) {
    // the connection's own peer: vert.x-web's request.remoteAddress() runs its Forwarded-header parser on every request,
    // which the router never asks for (X-Forwarded-For is read here, from trusted proxies only)
    SocketAddress peer = request.connection().remoteAddress();
    Optional<InetAddress> peerAddress = peer == null ? Optional.empty() : AddressRanges.literal(peer.hostAddress());
    if (peerAddress.isEmpty()) {
      return peer == null ? UNKNOWN : peer.hostAddress();
    }
    if (!trustedProxies.contains(peerAddress.get())) {
      return NetUtil.toAddressString(peerAddress.get());
    }
    return throughProxies(request.headers().getAll(FORWARDED_FOR), peerAddress.get());
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
