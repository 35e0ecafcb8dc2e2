package io.lanyard.platform.support;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.spi.context.storage.ContextLocal;

/**
 * The request id of the request being handled, kept on its Vert.x (duplicated) context: MDC is thread-local, and one event loop
 * interleaves many requests. Read by {@link RequestIdConverter} for every log line.
 */
public final class RequestLogContext {

  private static final ContextLocal<String> REQUEST_ID = ContextLocal.registerLocal(String.class);

  private RequestLogContext() {
  }

  /** Loads this class, registering its context local; call before the first Vert.x instance is created. */
  public static void install() {
    // registration happens in the static initialiser
  }

  public static void set(String requestId) {
    Context context = Vertx.currentContext();
    if (context != null) {
      try {
        REQUEST_ID.put(context, requestId);
      } catch (RuntimeException contextOlderThanTheLocal) {
        // a Vert.x instance created before install(): its lines go without a request id
      }
    }
  }

  /** The current request id, or null outside a request. */
  public static String current() {
    Context context = Vertx.currentContext();
    if (context == null) {
      return null;
    }
    try {
      return REQUEST_ID.get(context);
    } catch (RuntimeException contextOlderThanTheLocal) {
      return null;
    }
  }
}
