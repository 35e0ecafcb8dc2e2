package io.lanyard.web;

import io.netty.channel.unix.Errors;

import java.net.BindException;

/**
 * Whether a server failed to listen because its address could not be bound (the port taken, the host not this machine's):
 * the JDK's {@link BindException} under Netty's NIO transport, Netty's native error from {@code bind(2)} under epoll, which
 * says so in its message and has no exception type of its own.
 */
public final class BindFailures {

  private BindFailures() {
  }

  public static boolean isBindFailure(Throwable failure) {
    return failure instanceof BindException
      || failure instanceof Errors.NativeIoException nativeFailure && nativeFailure.getMessage() != null
        && nativeFailure.getMessage().startsWith("bind(");
  }
}
