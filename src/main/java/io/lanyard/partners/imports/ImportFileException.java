package io.lanyard.partners.imports;

/** A file that cannot be imported at all (unreadable, no header, an unknown or missing column): nothing is written. */
public final class ImportFileException extends RuntimeException {

  public ImportFileException(String message) {
    super(message);
  }
}
