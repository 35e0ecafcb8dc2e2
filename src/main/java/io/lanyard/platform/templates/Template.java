package io.lanyard.platform.templates;

import com.github.mustachejava.Mustache;

import java.io.StringWriter;
import java.util.Map;

/** A compiled Mustache template: thread-safe, rendered as often as needed. */
public final class Template {

  private final Mustache mustache;

  Template(Mustache mustache) {
    this.mustache = mustache;
  }

  /** @param values names the template uses → values (strings, booleans for sections); a missing name renders empty */
  public String render(Map<String, ?> values) {
    StringWriter out = new StringWriter();
    mustache.execute(out, values);
    return out.toString();
  }
}
