package io.lanyard.platform.db;

import org.flywaydb.core.api.MigrationVersion;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The SQL migrations on the classpath, where Flyway looks for them ({@code classpath:db/migration}), read as plain resources:
 * their digest (every name and every byte) and the version they lead to, without starting Flyway. Anything this cannot read
 * (a classpath entry neither a directory nor a jar, or a folder inside {@code db/migration}, which Flyway would scan and this
 * does not) gives no digest, and the start takes Flyway's full path.
 */
final class ClasspathMigrations {

  private static final String LOCATION = "db/migration";

  private final SortedMap<String, byte[]> scripts;

  private ClasspathMigrations(SortedMap<String, byte[]> scripts) {
    this.scripts = scripts;
  }

  static Optional<ClasspathMigrations> read() {
    return read(ClasspathMigrations.class.getClassLoader());
  }

  static Optional<ClasspathMigrations> read(ClassLoader loader) {
    try {
      SortedMap<String, byte[]> scripts = new TreeMap<>();
      Enumeration<URL> roots = loader.getResources(LOCATION);
      while (roots.hasMoreElements()) {
        if (!readRoot(roots.nextElement(), scripts)) {
          return Optional.empty();
        }
      }
      return scripts.isEmpty() ? Optional.empty() : Optional.of(new ClasspathMigrations(scripts));
    } catch (IOException | UncheckedIOException | URISyntaxException | IllegalStateException e) {
      return Optional.empty();
    }
  }

  /** SHA-256 of every script's name and content, in name order: any added, removed or edited migration changes it. */
  String digest() {
    MessageDigest sha256 = sha256();
    scripts.forEach((name, content) -> {
      sha256.update(name.getBytes(StandardCharsets.UTF_8));
      sha256.update((byte) 0);
      sha256.update(Integer.toString(content.length).getBytes(StandardCharsets.UTF_8));
      sha256.update((byte) 0);
      sha256.update(content);
    });
    return HexFormat.of().formatHex(sha256.digest());
  }

  /** The highest version among the versioned migrations ({@code V<version>__<description>.sql}). */
  MigrationVersion latestVersion() {
    return scripts.keySet().stream()
      .filter(name -> name.startsWith("V") && name.contains("__"))
      .map(name -> MigrationVersion.fromVersion(name.substring(1, name.indexOf("__"))))
      .max(MigrationVersion::compareTo)
      .orElse(MigrationVersion.EMPTY);
  }

  private static boolean readRoot(URL root, SortedMap<String, byte[]> scripts) throws IOException, URISyntaxException {
    if ("file".equals(root.getProtocol())) {
      try (Stream<Path> files = Files.list(Path.of(root.toURI()))) {
        for (Path file : (Iterable<Path>) files::iterator) {
          if (Files.isDirectory(file)) {
            return false;
          }
          add(scripts, file.getFileName().toString(), Files.isRegularFile(file) ? Files.readAllBytes(file) : null);
        }
      }
      return true;
    }
    if ("jar".equals(root.getProtocol()) && root.openConnection() instanceof JarURLConnection connection) {
      connection.setUseCaches(false);
      try (JarFile jar = connection.getJarFile()) {
        Enumeration<JarEntry> entries = jar.entries();
        while (entries.hasMoreElements()) {
          JarEntry entry = entries.nextElement();
          String name = entry.getName();
          if (!name.startsWith(LOCATION + "/") || name.length() == LOCATION.length() + 1) {
            continue;
          }
          if (name.indexOf('/', LOCATION.length() + 1) >= 0) {
            return false;
          }
          if (!entry.isDirectory()) {
            try (InputStream in = jar.getInputStream(entry)) {
              add(scripts, name.substring(LOCATION.length() + 1), in.readAllBytes());
            }
          }
        }
      }
      return true;
    }
    return false;
  }

  private static void add(SortedMap<String, byte[]> scripts, String name, byte[] content) {
    // the same name in two classpath entries: Flyway's business to refuse, not this digest's to pick one
    if (content != null && name.endsWith(".sql") && scripts.put(name, content) != null) {
      throw new IllegalStateException("two migrations named " + name);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
