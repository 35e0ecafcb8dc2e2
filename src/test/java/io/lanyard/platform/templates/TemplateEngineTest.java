package io.lanyard.platform.templates;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TemplateEngineTest {

  @Test
  void htmlEscapesValuesAndPlainDoesNot() {
    Map<String, String> values = Map.of("name", "<b>\"Ann\" & 'co'</b>");

    assertThat(TemplateEngine.html("t", "<p>{{name}}</p>").render(values))
      .isEqualTo("<p>&lt;b&gt;&quot;Ann&quot; &amp; &#39;co&#39;&lt;/b&gt;</p>");
    assertThat(TemplateEngine.plain("t", "Hi {{name}}").render(values)).isEqualTo("Hi <b>\"Ann\" & 'co'</b>");
  }

  @Test
  void sectionsShowOnlyForNonEmptyValues() {
    Template greeting = TemplateEngine.plain("t", "Hello{{#firstname}} {{firstname}}{{/firstname}},");

    assertThat(greeting.render(Map.of("firstname", "Ann"))).isEqualTo("Hello Ann,");
    assertThat(greeting.render(Map.of("firstname", ""))).isEqualTo("Hello,");
    assertThat(greeting.render(Map.of())).isEqualTo("Hello,");
  }

  @Test
  void aNameCompiledAgainTakesTheNewSource() {
    assertThat(TemplateEngine.plain("same", "one {{x}}").render(Map.of("x", "1"))).isEqualTo("one 1");
    assertThat(TemplateEngine.plain("same", "two {{x}}").render(Map.of("x", "2"))).isEqualTo("two 2");
  }

  @Test
  void partialsAndBrokenTemplatesAreRefused() {
    assertThatThrownBy(() -> TemplateEngine.html("t", "{{> /etc/passwd}}")).isInstanceOf(TemplateSyntaxException.class);
    assertThat(TemplateEngine.problem("{{#open}} never closed")).isPresent();
    assertThat(TemplateEngine.problem("fine {{link}}")).isEmpty();
  }
}
