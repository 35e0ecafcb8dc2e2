package io.lanyard.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on 127.0.0.1 in front of a server (the test PostgreSQL), which a test can break the way networks and restarts
 * break: {@link #refuse()} (every connection cut, new ones refused, as while the server restarts), {@link #stall()}
 * (connections accepted, nothing answered, as behind a dropped route), then {@link #restore()}. Only the service under test
 * connects through it, so no other database or engineer is touched.
 */
public final class TcpProxy implements AutoCloseable {

  private final String targetHost;
  private final int targetPort;
  private final int port;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private volatile ServerSocket listener;
  private volatile boolean stalled;

  private TcpProxy(String targetHost, int targetPort) throws IOException {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.listener = listen(0);
    this.port = listener.getLocalPort();
    acceptLoop(listener);
  }

  public static TcpProxy to(String host, int port) {
    try {
      return new TcpProxy(host, port);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public int port() {
    return port;
  }

  /** Cuts every connection and refuses new ones: connection refused, as while the server restarts. */
  public synchronized void refuse() {
    closeQuietly(listener);
    listener = null;
    cutAll();
  }

  /** Accepts connections but answers nothing, on old connections and new ones alike. */
  public synchronized void stall() {
    stalled = true;
    if (listener == null) {
      restoreListener();
    }
  }

  /** Relays again; connections that were stalled are cut (what they sent meanwhile is lost). */
  public synchronized void restore() {
    if (stalled) {
      stalled = false;
      cutAll();
    }
    if (listener == null) {
      restoreListener();
    }
  }

  @Override
  public synchronized void close() {
    closeQuietly(listener);
    listener = null;
    cutAll();
  }

  private void restoreListener() {
    try {
      listener = listen(port);
      acceptLoop(listener);
    } catch (IOException e) {
      throw new IllegalStateException("cannot listen again on " + port, e);
    }
  }

  private static ServerSocket listen(int port) throws IOException {
    ServerSocket socket = new ServerSocket();
    socket.setReuseAddress(true);
    socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    return socket;
  }

  private void acceptLoop(ServerSocket server) {
    Thread accepting = new Thread(() -> {
      while (!server.isClosed()) {
        try {
          Socket client = server.accept();
          sockets.add(client);
          relay(client);
        } catch (IOException closed) {
          return;
        }
      }
    }, "tcp-proxy-accept-" + port);
    accepting.setDaemon(true);
    accepting.start();
  }

  private void relay(Socket client) {
    Thread connecting = new Thread(() -> {
      try {
        if (stalled) {
          drain(client.getInputStream());
          return;
        }
        Socket upstream = new Socket(targetHost, targetPort);
        sockets.add(upstream);
        pump(client, upstream);
        pump(upstream, client);
      } catch (IOException e) {
        closeQuietly(client);
      }
    }, "tcp-proxy-relay-" + port);
    connecting.setDaemon(true);
    connecting.start();
  }

  /** Copies bytes one way until either side closes; while stalled, what arrives is swallowed. */
  private void pump(Socket from, Socket to) {
    Thread pumping = new Thread(() -> {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        int read;
        while ((read = in.read(buffer)) >= 0) {
          if (!stalled) {
            out.write(buffer, 0, read);
            out.flush();
          }
        }
      } catch (IOException ended) {
        // one side closed
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, "tcp-proxy-pump-" + port);
    pumping.setDaemon(true);
    pumping.start();
  }

  private static void drain(InputStream in) throws IOException {
    byte[] buffer = new byte[4096];
    while (in.read(buffer) >= 0) {
      // swallowed
    }
  }

  private void cutAll() {
    for (Socket socket : sockets) {
      closeQuietly(socket);
    }
    sockets.clear();
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception ignored) {
      // already closed
    }
  }
}
