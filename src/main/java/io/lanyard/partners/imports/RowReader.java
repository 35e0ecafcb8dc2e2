package io.lanyard.partners.imports;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/** Reads the rows of an import file, one at a time, in the file's order. */
public abstract class RowReader implements Closeable {

  /** The formats an import reads. */
  public enum Format {
    CSV, JSONL;

    /** JSON Lines for {@code .jsonl} and {@code .ndjson}, else CSV. */
    public static Format of(Path file) {
      String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
      return name.endsWith(".jsonl") || name.endsWith(".ndjson") ? JSONL : CSV;
    }
  }

  private final BufferedReader reader;
  private final AtomicLong bytesRead;

  RowReader(BufferedReader reader, AtomicLong bytesRead) {
    this.reader = reader;
    this.bytesRead = bytesRead;
  }

  /** Opens the file (UTF-8; a byte-order mark is skipped) and, for CSV, reads its header. */
  public static RowReader open(Path file, Format format) throws IOException {
    AtomicLong counter = new AtomicLong();
    InputStream counting = new FilterInputStream(Files.newInputStream(file)) {
      @Override
      public int read(byte[] buffer, int offset, int length) throws IOException {
        int read = super.read(buffer, offset, length);
        if (read > 0) {
          counter.addAndGet(read);
        }
        return read;
      }
    };
    BufferedReader reader = new BufferedReader(new InputStreamReader(counting, StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 1 << 16);
    try {
      reader.mark(1);
      if (reader.read() != '\uFEFF') {
        reader.reset();
      }
      return format == Format.JSONL ? new JsonLinesRowReader(reader, counter) : new CsvRowReader(reader, counter);
    } catch (IOException | RuntimeException e) {
      reader.close();
      throw e;
    }
  }

  /** The next row, or empty at the end of the file. */
  public abstract Optional<RawRow> next() throws IOException;

  /** How far into the file reading has gone, in bytes (for a progress bar). */
  public long bytesRead() {
    return bytesRead.get();
  }

  BufferedReader reader() {
    return reader;
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
