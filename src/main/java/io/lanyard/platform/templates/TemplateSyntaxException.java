package io.lanyard.platform.templates;

/** A template source Mustache cannot compile (an unclosed section, a partial, a bad delimiter). */
public final class TemplateSyntaxException extends RuntimeException {

  public TemplateSyntaxException(String message) {
    super(message, null, false, false);
  }
}
