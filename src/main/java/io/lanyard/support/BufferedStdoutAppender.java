package io.lanyard.support;

import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.encoder.Encoder;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Standard output written in batches: lines gather in memory and go out once a second (or when {@code bufferSize} bytes wait),
 * and at JVM shutdown. The access log's appender: one {@code write(2)} per line on the event loop, and both event loops
 * queueing on one stream lock, cost a sixth of a token read. A crash loses at most the last second of lines.
 *
 * <p>Each write ends at a line boundary and stays within PIPE_BUF where it can, so lines written here and by the console
 * appender to the same pipe never interleave within a line.
 */
public final class BufferedStdoutAppender<E> extends UnsynchronizedAppenderBase<E> {

  /** The largest write a Linux pipe keeps whole against concurrent writers. */
  private static final int PIPE_BUF = 4096;

  private final ReentrantLock lock = new ReentrantLock();
  private final FileOutputStream out = new FileOutputStream(FileDescriptor.out);
  private Encoder<E> encoder;
  private long flushIntervalMillis = 1000;
  private int bufferSize = 256 * 1024;
  private byte[] pending;
  private int size;
  private ScheduledExecutorService flusher;
  private Thread shutdownFlush;

  public void setEncoder(Encoder<E> encoder) {
    this.encoder = encoder;
  }

  public void setFlushIntervalMillis(long flushIntervalMillis) {
    this.flushIntervalMillis = flushIntervalMillis;
  }

  public void setBufferSize(int bufferSize) {
    this.bufferSize = bufferSize;
  }

  @Override
  public void start() {
    if (encoder == null) {
      addError("No encoder for appender " + name);
      return;
    }
    pending = new byte[bufferSize];
    flusher = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "access-log-flush");
      thread.setDaemon(true);
      return thread;
    });
    flusher.scheduleWithFixedDelay(this::flush, flushIntervalMillis, flushIntervalMillis, TimeUnit.MILLISECONDS);
    shutdownFlush = new Thread(this::flush, "access-log-final-flush");
    Runtime.getRuntime().addShutdownHook(shutdownFlush);
    super.start();
  }

  @Override
  public void stop() {
    super.stop();
    if (flusher != null) {
      flusher.shutdownNow();
      flush();
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownFlush);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or has run: it flushes too
      }
    }
  }

  @Override
  protected void append(E event) {
    byte[] line = encoder.encode(event);
    lock.lock();
    try {
      if (size + line.length > pending.length) {
        writePending();
      }
      if (line.length > pending.length) {
        write(line, 0, line.length);
      } else {
        System.arraycopy(line, 0, pending, size, line.length);
        size += line.length;
      }
    } finally {
      lock.unlock();
    }
  }

  /** Writes what waits; called every interval, at stop and at shutdown. */
  public void flush() {
    lock.lock();
    try {
      writePending();
    } finally {
      lock.unlock();
    }
  }

  private void writePending() {
    int start = 0;
    while (start < size) {
      int end = Math.min(size, start + PIPE_BUF);
      if (end < size) {
        int lastNewline = lastNewline(start, end);
        end = lastNewline >= start ? lastNewline + 1 : end;
      }
      write(pending, start, end - start);
      start = end;
    }
    size = 0;
  }

  private int lastNewline(int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (pending[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private void write(byte[] bytes, int offset, int length) {
    try {
      out.write(bytes, offset, length);
    } catch (IOException e) {
      addError("Writing the access log to standard output failed", e);
    }
  }
}
