package io.lanyard.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP relay on 127.0.0.1 in front of a server (the test PostgreSQL), which a test can break the way networks and restarts
 * break: {@link #refuse()} (every connection cut, new ones refused, as while the server restarts), {@link #stall()}
 * (connections accepted, nothing answered, as behind a dropped route), then {@link #restore()}. Only the service under test
 * connects through it, so no other database or engineer is touched.
 *
 * <p>One connection can also be slowed alone: {@link #holdRepliesOf(int)} keeps what the server sends on the connection of
 * that backend (its pid, read from the server's BackendKeyData at start-up) while the client's requests still go through,
 * as a half-open connection or a congested route does; {@link #releaseReplies()} delivers what was kept, late.
 */
public final class TcpProxy implements AutoCloseable {

  private final String targetHost;
  private final int targetPort;
  private final int port;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private final Set<Replies> replies = ConcurrentHashMap.newKeySet();
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

  /**
   * From now on, what the server sends on the connection of backend {@code pid} is kept, not delivered; the connection stays
   * open and the client's requests still reach the server.
   */
  public void holdRepliesOf(int pid) {
    Replies held = replies.stream().filter(candidate -> candidate.pid == pid).findFirst()
      .orElseThrow(() -> new IllegalStateException("no connection of backend " + pid + " through the proxy"));
    held.hold();
  }

  /** Delivers what was kept, and relays replies at once again. */
  public void releaseReplies() {
    replies.forEach(Replies::release);
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
        Replies fromServer = new Replies(client.getOutputStream());
        replies.add(fromServer);
        pumpReplies(upstream, fromServer);
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

  /** Copies the server's bytes to the client through {@code replies}, which reads the backend's pid on the way. */
  private void pumpReplies(Socket upstream, Replies to) {
    Thread pumping = new Thread(() -> {
      byte[] buffer = new byte[16 * 1024];
      try (InputStream in = upstream.getInputStream()) {
        int read;
        while ((read = in.read(buffer)) >= 0) {
          if (!stalled) {
            to.write(buffer, read);
          }
        }
      } catch (IOException ended) {
        // one side closed
      } finally {
        replies.remove(to);
        closeQuietly(upstream);
        closeQuietly(to.out);
      }
    }, "tcp-proxy-replies-" + port);
    pumping.setDaemon(true);
    pumping.start();
  }

  /**
   * The server's side of one connection: finds the backend's pid in the first messages (type byte, length, body; BackendKeyData
   * is {@code 'K'}, the pid its first four bytes), and while held keeps every byte in order for later.
   */
  private static final class Replies {

    private final OutputStream out;
    private final ByteArrayOutputStream start = new ByteArrayOutputStream();
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private volatile int pid = -1;
    private boolean holding;

    Replies(OutputStream out) {
      this.out = out;
    }

    synchronized void write(byte[] bytes, int length) throws IOException {
      if (pid < 0 && start.size() < 64 * 1024) {
        start.write(bytes, 0, length);
        pid = backendPid(start.toByteArray());
      }
      if (holding) {
        kept.write(bytes, 0, length);
        return;
      }
      out.write(bytes, 0, length);
      out.flush();
    }

    synchronized void hold() {
      holding = true;
    }

    synchronized void release() {
      if (!holding) {
        return;
      }
      holding = false;
      try {
        out.write(kept.toByteArray());
        out.flush();
      } catch (IOException closed) {
        // the client went away meanwhile
      }
      kept.reset();
    }

    /** The pid of BackendKeyData among complete messages at the start of the stream; -1 while not there yet. */
    private static int backendPid(byte[] stream) {
      ByteBuffer buffer = ByteBuffer.wrap(stream);
      while (buffer.remaining() >= 5) {
        byte type = buffer.get();
        int length = buffer.getInt();
        if (length < 4 || buffer.remaining() < length - 4) {
          return -1;
        }
        if (type == 'K') {
          return buffer.getInt();
        }
        buffer.position(buffer.position() + length - 4);
      }
      return -1;
    }
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
