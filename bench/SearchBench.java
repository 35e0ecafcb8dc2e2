import io.lanyard.model.accounts.AccountSearch;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The help desk search's latency over a seeded database (bench/search): derives varied texts from the accounts themselves,
 * runs each once as {@code users search} does (first page of 20: the newest accounts' window, then the trigram index when the
 * window does not fill the page; {@link AccountSearch}), and prints the percentiles, the slowest texts, then the plans.
 *
 * <pre>java -cp target/lanyard.jar bench/SearchBench.java JDBC_URL QUERIES</pre>
 */
public final class SearchBench {

  private static final int LIMIT = 20;
  private static final int WARM_UP = 20;

  public static void main(String[] args) throws SQLException {
    String url = args[0];
    int count = Integer.parseInt(args[1]);
    // prepareThreshold=0: every run is planned with its own text, as the CLI's one query is
    try (Connection connection = DriverManager.getConnection(url + (url.contains("?") ? "&" : "?") + "prepareThreshold=0")) {
      List<String> texts = texts(connection, count, new Random(38));
      for (int i = 0; i < WARM_UP; i++) {
        search(connection, texts.get(i % texts.size()));
      }
      WARM_UP_INDEXED[0] = indexedRuns;
      List<Long> micros = new ArrayList<>();
      List<String> slowest = new ArrayList<>();
      long found = 0;
      for (String text : texts) {
        long started = System.nanoTime();
        int rows = search(connection, text);
        long took = (System.nanoTime() - started) / 1000;
        found += rows;
        micros.add(took);
        slowest.add(String.format("%08d\t%s", took, text));
      }
      Collections.sort(micros);
      slowest.sort(Collections.reverseOrder());
      System.out.printf("| queries | accounts found (sum) | p50 ms | p95 ms | p99 ms | max ms |%n|---:|---:|---:|---:|---:|---:|%n");
      System.out.printf("| %d | %d | %.1f | %.1f | %.1f | %.1f |%n", micros.size(), found, ms(micros, 0.50), ms(micros, 0.95),
        ms(micros, 0.99), micros.get(micros.size() - 1) / 1000.0);
      System.out.printf("%nAnswered by the trigram index (the window did not fill the page): %d of %d.%n", indexedRuns - WARM_UP_INDEXED[0], texts.size());
      System.out.printf("%nThe slowest texts (µs):%n```%n%s%n```%n", String.join("\n", slowest.subList(0, 5)));
      String rare = texts.stream().filter(text -> text.matches(".*[0-9]{4}")).findFirst().orElse(texts.get(0));
      explain(connection, RECENT, rare, true);
      try (Statement statement = connection.createStatement()) {
        connection.setAutoCommit(false);
        statement.execute(AccountSearch.INDEXED_ONLY);
        explain(connection, INDEXED, rare, false);
        connection.commit();
        connection.setAutoCommit(true);
      }
      explain(connection, RECENT, "example", true);
    }
  }

  /** A mix: rare (part of one address), names (a few hundred to thousands of accounts), domains (most), nothing. */
  private static List<String> texts(Connection connection, int count, Random random) throws SQLException {
    List<String[]> samples = new ArrayList<>();
    try (Statement statement = connection.createStatement();
         ResultSet rows = statement.executeQuery("SELECT email, profile ->> 'firstname', profile ->> 'lastname'"
           + " FROM users TABLESAMPLE SYSTEM (1) REPEATABLE (38) LIMIT " + count)) {
      while (rows.next()) {
        samples.add(new String[] {rows.getString(1), rows.getString(2), rows.getString(3)});
      }
    }
    List<String> texts = new ArrayList<>();
    for (int i = 0; texts.size() < count; i++) {
      String[] sample = samples.get(i % samples.size());
      String local = sample[0].substring(0, sample[0].indexOf('@'));
      texts.add(switch (i % 10) {
        case 0, 1, 2 -> local.substring(Math.max(0, local.length() - 3 - random.nextInt(8)));           // end of an address
        case 3 -> local.substring(0, Math.min(local.length(), 6 + random.nextInt(10))).toUpperCase(Locale.ROOT);
        case 4, 5 -> sample[2];                                                                       // last name as stored
        case 6 -> plain(sample[2]).toLowerCase(Locale.ROOT);                                          // without accents
        case 7 -> sample[1];                                                                          // first name
        case 8 -> (plain(sample[1]) + " " + sample[2].substring(0, Math.min(3, sample[2].length()))).toLowerCase(Locale.ROOT);
        default -> List.of("example", "fair.exa", "nobody-xyz", "qqqzzz", "visiteur.org").get(random.nextInt(5));
      });
    }
    Collections.shuffle(texts, random);
    return texts;
  }

  private static final String RECENT = AccountSearch.recentSql();
  private static final String INDEXED = AccountSearch.indexedSql();

  private static int indexedRuns;
  private static final int[] WARM_UP_INDEXED = new int[1];

  /** The rows of the first page, as users search finds them. */
  private static int search(Connection connection, String text) throws SQLException {
    int rows = run(connection, RECENT, text, true);
    if (rows == LIMIT) {
      return rows;
    }
    indexedRuns++;
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      statement.execute(AccountSearch.INDEXED_ONLY);
      rows = run(connection, INDEXED, text, false);
    }
    connection.commit();
    connection.setAutoCommit(true);
    return rows;
  }

  private static int run(Connection connection, String sql, String text, boolean window) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(jdbc(sql))) {
      bind(statement, sql, text, window);
      int rows = 0;
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          rows++;
        }
      }
      return rows;
    }
  }

  /** JDBC's placeholders are positional: {@code $n} becomes {@code ?}, bound in the order they appear. */
  private static String jdbc(String sql) {
    return sql.replaceAll("\\$[1-4]", "?");
  }

  private static void bind(PreparedStatement statement, String sql, String text, boolean window) throws SQLException {
    Matcher placeholders = Pattern.compile("\\$([1-4])").matcher(sql);
    for (int position = 1; placeholders.find(); position++) {
      switch (placeholders.group(1)) {
        case "1" -> statement.setString(position, text);
        case "2" -> statement.setInt(position, LIMIT);
        case "3" -> statement.setInt(position, 0);
        default -> statement.setInt(position, window ? AccountSearch.RECENT_WINDOW : 0);
      }
    }
  }

  private static void explain(Connection connection, String sql, String text, boolean window) throws SQLException {
    System.out.printf("%nEXPLAIN (ANALYZE, BUFFERS), %s, for '%s':%n```%n", window ? "the newest accounts' window" : "the trigram index", text);
    try (PreparedStatement statement = connection.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + jdbc(sql))) {
      bind(statement, sql, text, window);
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          System.out.println(result.getString(1));
        }
      }
    }
    System.out.println("```");
  }

  private static String plain(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
  }

  private static double ms(List<Long> sorted, double quantile) {
    return sorted.get((int) Math.ceil(quantile * sorted.size()) - 1) / 1000.0;
  }
}
