import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The import benchmark's file, run as a single-file program: {@code ImportFile OUT ROWS PREFIX [HASH]} writes a CSV of ROWS
 * attendees {@code PREFIX-<n>@bench.example}, with a profile, and the bcrypt HASH as every row's passwordHash when given (a
 * pending account otherwise). One hash for every row: an import keeps hashes as they are and never verifies them.
 */
public final class ImportFile {

  private static final String[] CITIES = {"Paris", "Lyon", "Köln", "Milano", "Zürich", "Lille, Nord"};
  private static final String[] COUNTRIES = {"FRA", "FRA", "DEU", "ITA", "CHE", "FRA"};

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args[0]);
    int rows = Integer.parseInt(args[1]);
    String prefix = args[2];
    String hash = args.length > 3 ? args[3] : "";
    try (BufferedWriter writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      writer.write("email,language,fromSalon,fromSessionSalon,firstname,lastname,civility,city,country,passwordHash\n");
      for (int i = 0; i < rows; i++) {
        int k = i % CITIES.length;
        writer.write(prefix + "-" + i + "@bench.example," + (i % 2 == 0 ? "fre-FR" : "eng-GB") + ",salon-2026,salon-2026-spring,"
          + "First" + i + ",Last" + i + "," + (i % 2) + ",\"" + CITIES[k] + "\"," + COUNTRIES[k] + "," + hash + "\n");
      }
    }
  }
}
