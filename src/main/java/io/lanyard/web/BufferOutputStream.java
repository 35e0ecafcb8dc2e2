package io.lanyard.web;

import io.vertx.core.buffer.Buffer;

import java.io.OutputStream;

/** Bytes appended straight to a Vert.x buffer: the reply is serialised into what the response sends, with no copy between. */
final class BufferOutputStream extends OutputStream {

  private final Buffer buffer;

  BufferOutputStream(Buffer buffer) {
    this.buffer = buffer;
  }

  @Override
  public void write(int b) {
    buffer.appendByte((byte) b);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) {
    buffer.appendBytes(bytes, offset, length);
  }
}
