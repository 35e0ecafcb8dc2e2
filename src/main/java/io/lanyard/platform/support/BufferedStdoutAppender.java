package io.lanyard.platform.support;

import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.encoder.Encoder;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Standard output written in batches: lines gather in memory and go out once a second (or when {@code bufferSize} bytes wait),
 * and at JVM shutdown. The access log's appender: one {@code write(2)} per line on the event loop, and both event loops
 * queueing on one stream lock, cost a sixth of a token read. A crash loses at most the last second of lines.
 *
 * <p>Each thread gathers its own lines: one buffer shared by both event loops moved between their cores with every line. So
 * lines of different threads reach the output in batches, each batch in the order its thread logged them; every line carries
 * its own time.
 *
 * <p>Each write ends at a line boundary and stays within PIPE_BUF where it can, so lines written here and by the console
 * appender to the same pipe never interleave within a line.
 */
public final class BufferedStdoutAppender<E> extends UnsynchronizedAppenderBase<E> {

  /** The largest write a Linux pipe keeps whole against concurrent writers. */
  private static final int PIPE_BUF = 4096;

  private final FileOutputStream out = new FileOutputStream(FileDescriptor.out);
  /** One writer at a time on standard output, so batches never interleave. */
  private final ReentrantLock outLock = new ReentrantLock();
  private final List<Batch> batches = new CopyOnWriteArrayList<>();
  private final ThreadLocal<Batch> ownBatch = ThreadLocal.withInitial(this::newBatch);
  private Encoder<E> encoder;
  private long flushIntervalMillis = 1000;
  private int bufferSize = 64 * 1024;
  private ScheduledExecutorService flusher;
  private Thread shutdownFlush;

  public void setEncoder(Encoder<E> encoder) {
    this.encoder = encoder;
  }

  public void setFlushIntervalMillis(long flushIntervalMillis) {
    this.flushIntervalMillis = flushIntervalMillis;
  }

  /** Per logging thread. */
  public void setBufferSize(int bufferSize) {
    this.bufferSize = bufferSize;
  }

  @Override
  public void start() {
    if (encoder == null) {
      addError("No encoder for appender " + name);
      return;
    }
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
    Batch batch = ownBatch.get();
    batch.lock.lock();
    try {
      if (batch.size + line.length > batch.bytes.length) {
        writeOut(batch);
      }
      if (line.length > batch.bytes.length) {
        write(line, 0, line.length);
      } else {
        System.arraycopy(line, 0, batch.bytes, batch.size, line.length);
        batch.size += line.length;
      }
    } finally {
      batch.lock.unlock();
    }
  }

  /** Writes what waits; called every interval, at stop and at shutdown. The batches of threads gone are dropped after. */
  public void flush() {
    for (Batch batch : batches) {
      batch.lock.lock();
      try {
        writeOut(batch);
      } finally {
        batch.lock.unlock();
      }
      if (!batch.owner.isAlive()) {
        batches.remove(batch);
      }
    }
  }

  private Batch newBatch() {
    Batch batch = new Batch(Thread.currentThread(), new byte[bufferSize]);
    batches.add(batch);
    return batch;
  }

  /** Called with the batch's lock held. */
  private void writeOut(Batch batch) {
    outLock.lock();
    try {
      int start = 0;
      while (start < batch.size) {
        int end = Math.min(batch.size, start + PIPE_BUF);
        if (end < batch.size) {
          int lastNewline = lastNewline(batch.bytes, start, end);
          end = lastNewline >= start ? lastNewline + 1 : end;
        }
        write(batch.bytes, start, end - start);
        start = end;
      }
    } finally {
      outLock.unlock();
    }
    batch.size = 0;
  }

  private static int lastNewline(byte[] bytes, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (bytes[i] == '\n') {
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

  /** The lines one thread logged since they last went out. */
  private static final class Batch {
    private final ReentrantLock lock = new ReentrantLock();
    private final Thread owner;
    private final byte[] bytes;
    private int size;

    private Batch(Thread owner, byte[] bytes) {
      this.owner = owner;
      this.bytes = bytes;
    }
  }
}
