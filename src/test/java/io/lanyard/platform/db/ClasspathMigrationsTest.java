package io.lanyard.platform.db;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The digest that lets a start skip Flyway must change with every migration Flyway would run: a migration in a folder under
 * {@code db/migration} (Flyway scans them) gives no digest at all, so the start takes Flyway's path.
 */
class ClasspathMigrationsTest {

  @TempDir
  Path root;

  @Test
  void flatMigrationsGiveADigestThatChangesWithTheirContent() throws IOException {
    Path migrations = Files.createDirectories(root.resolve("db/migration"));
    Files.writeString(migrations.resolve("V1__first.sql"), "CREATE TABLE a (id int);");
    Files.writeString(migrations.resolve("V2.1__second.sql"), "CREATE TABLE b (id int);");
    Optional<ClasspathMigrations> before = readFrom(root.toUri().toURL());

    Files.writeString(migrations.resolve("V2.1__second.sql"), "CREATE TABLE b (id bigint);");
    Optional<ClasspathMigrations> after = readFrom(root.toUri().toURL());

    assertThat(before).isPresent();
    assertThat(after).isPresent();
    assertThat(before.get().latestVersion().getVersion()).isEqualTo("2.1");
    assertThat(after.get().digest()).isNotEqualTo(before.get().digest());
  }

  @Test
  void aFolderOfMigrationsInADirectoryGivesNoDigest() throws IOException {
    Path migrations = Files.createDirectories(root.resolve("db/migration/more"));
    Files.writeString(migrations.getParent().resolve("V1__first.sql"), "CREATE TABLE a (id int);");
    Files.writeString(migrations.resolve("V2__nested.sql"), "CREATE TABLE b (id int);");

    assertThat(readFrom(root.toUri().toURL())).isEmpty();
  }

  @Test
  void aFolderOfMigrationsInAJarGivesNoDigest() throws IOException {
    URL jar = jarOf("db/migration/V1__first.sql", "db/migration/more/V2__nested.sql");

    assertThat(readFrom(jar)).isEmpty();
  }

  @Test
  void flatMigrationsInAJarGiveADigest() throws IOException {
    Optional<ClasspathMigrations> read = readFrom(jarOf("db/migration/V1__first.sql"));

    assertThat(read).isPresent();
    assertThat(read.get().latestVersion().getVersion()).isEqualTo("1");
  }

  private static Optional<ClasspathMigrations> readFrom(URL classpathEntry) throws IOException {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classpathEntry}, null)) {
      return ClasspathMigrations.read(loader);
    }
  }

  /**
   * A jar of these migrations, each a small CREATE TABLE, after the folders' own entries as a build tool writes them (a
   * class loader finds a folder of a jar by its entry).
   */
  private URL jarOf(String... migrations) throws IOException {
    Path jar = root.resolve("migrations.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (String folder : new String[] {"db/", "db/migration/"}) {
        out.putNextEntry(new JarEntry(folder));
        out.closeEntry();
      }
      for (String name : migrations) {
        out.putNextEntry(new JarEntry(name));
        out.write(("CREATE TABLE t" + name.hashCode() + " (id int);").getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
    }
    return jar.toUri().toURL();
  }
}
