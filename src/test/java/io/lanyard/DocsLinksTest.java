package io.lanyard;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs a cloner reads hold together: every relative link of README.md and docs/ reaches a file of the repository (and a
 * heading of it, when the link names one), and nothing in the repository cites a document it does not hold.
 */
class DocsLinksTest {

  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern OUTSIDE = Pattern.compile("SPEC\\.md|DECISIONS\\.md|\\.\\./shared");

  @Test
  void everyRelativeLinkReachesAFileAndHeading() {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      for (String target : links(page)) {
        if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
          continue;
        }
        String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
        String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : "";
        Path reached = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!reached.startsWith(Path.of("").toAbsolutePath()) || !Files.exists(reached)) {
          broken.add(page + ": " + target + " (no such file)");
        } else if (!anchor.isEmpty() && reached.toString().endsWith(".md") && !anchors(reached).contains(anchor)) {
          broken.add(page + ": " + target + " (no such heading)");
        }
      }
    }

    assertThat(broken).isEmpty();
  }

  @Test
  void nothingCitesADocumentOutsideTheRepository() throws IOException {
    List<String> citing = new ArrayList<>();
    List<Path> files = new ArrayList<>(pages());
    try (Stream<Path> sources = Files.walk(Path.of("src").toAbsolutePath())) {
      sources.filter(Files::isRegularFile).forEach(files::add);
    }
    for (Path file : files) {
      if (file.endsWith(Path.of("DocsLinksTest.java"))) {
        continue;
      }
      byte[] bytes = Files.readAllBytes(file);
      String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
      if (OUTSIDE.matcher(text).find()) {
        citing.add(file.toString());
      }
    }

    assertThat(citing).isEmpty();
  }

  private static List<Path> pages() {
    List<Path> pages = new ArrayList<>();
    Path root = Path.of("").toAbsolutePath();
    pages.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  /** The link targets of a page, outside fenced code blocks. */
  private static List<String> links(Path page) {
    List<String> targets = new ArrayList<>();
    for (String line : prose(page)) {
      Matcher link = LINK.matcher(line.replaceAll("`[^`]*`", ""));
      while (link.find()) {
        targets.add(link.group(1));
      }
    }
    return targets;
  }

  /** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, a repeated one numbered. */
  private static Set<String> anchors(Path page) {
    Set<String> anchors = new HashSet<>();
    for (String line : prose(page)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = heading.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
        String anchor = slug;
        for (int n = 1; !anchors.add(anchor); n++) {
          anchor = slug + "-" + n;
        }
      }
    }
    return anchors;
  }

  private static List<String> prose(Path page) {
    List<String> lines = new ArrayList<>();
    boolean fenced = false;
    try {
      for (String line : Files.readAllLines(page)) {
        if (line.stripLeading().startsWith("```")) {
          fenced = !fenced;
        } else if (!fenced) {
          lines.add(line);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }
}
