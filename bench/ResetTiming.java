import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Does requestPasswordReset's time tell whether an address has an account? (docs/security.md#no-timing-oracle-on-a-reset.)
 * Sends SAMPLES requests for an address that has an account and as many for one that has none, in pairs of one of each whose
 * order a seeded coin draws, so that drift in the machine's load, and whatever favours the first or the second of two
 * requests in a row, falls on both alike; one at a time. Prints both medians and quartiles and the two-sided Mann-Whitney U
 * test's p-value (normal approximation with tie correction; 200 samples each is far past where it holds).
 *
 * <pre>java bench/ResetTiming.java URL APP_TOKEN KNOWN_EMAIL [SAMPLES]</pre>
 *
 * Each request comes from an address of its own (X-Forwarded-For: the service must trust 127.0.0.1 as a proxy) so no
 * per-source rate refuses it, and each unknown address is new; the known one gets one mail per request, so run it with
 * mail.perRecipient off or expect the extra mails suppressed (which does not change the request path's work). Prints:
 * {@code RESET known_p50_ms=… unknown_p50_ms=… difference_ms=… mann_whitney_p=…}.
 */
public final class ResetTiming {

  public static void main(String[] args) throws Exception {
    String url = args[0];
    String appToken = args[1];
    String known = args[2];
    int samples = args.length > 3 ? Integer.parseInt(args[3]) : 200;
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    // warm the paths first: the JIT and the pools, outside the measure
    for (int i = 0; i < 50; i++) {
      send(client, url, appToken, i % 2 == 0 ? known : "warm-" + i + "@nobody.example", i);
    }
    double[] knownMs = new double[samples];
    double[] unknownMs = new double[samples];
    // which of a pair goes first is a coin's toss: nothing that favours the first or the second of two requests in a row
    // (a timer, a worker woken by the one before) falls on one kind more than the other
    Random coin = new Random(20261127);
    for (int i = 0; i < samples; i++) {
      String unknown = "nobody-" + System.nanoTime() + "@nobody.example";
      if (coin.nextBoolean()) {
        knownMs[i] = send(client, url, appToken, known, 1000 + 2 * i);
        unknownMs[i] = send(client, url, appToken, unknown, 1001 + 2 * i);
      } else {
        unknownMs[i] = send(client, url, appToken, unknown, 1001 + 2 * i);
        knownMs[i] = send(client, url, appToken, known, 1000 + 2 * i);
      }
    }
    double knownMedian = median(knownMs);
    double unknownMedian = median(unknownMs);
    System.out.printf("RESET known_p50_ms=%.3f unknown_p50_ms=%.3f difference_ms=%.3f mann_whitney_p=%.3g samples=%d"
        + " known_p25_p75_ms=%.3f/%.3f unknown_p25_p75_ms=%.3f/%.3f%n",
      knownMedian, unknownMedian, knownMedian - unknownMedian, mannWhitneyP(knownMs, unknownMs), samples,
      quantile(knownMs, 0.25), quantile(knownMs, 0.75), quantile(unknownMs, 0.25), quantile(unknownMs, 0.75));
  }

  /** One request's time in milliseconds, from sending to the whole reply read; a reply other than 200 stops the run. */
  private static double send(HttpClient client, String url, String appToken, String email, int n) throws Exception {
    String body = "{\"email\":\"" + email + "\",\"fromThirdParty\":\"" + appToken + "\"}";
    HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/_plugin/Vendor/user/requestPasswordReset"))
      .header("Content-Type", "application/json")
      .header("X-Forwarded-For", String.format("10.77.%d.%d", (n >> 8) & 255, n & 255))
      .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    long started = System.nanoTime();
    HttpResponse<String> reply = client.send(request, HttpResponse.BodyHandlers.ofString());
    double ms = (System.nanoTime() - started) / 1e6;
    if (reply.statusCode() != 200) {
      throw new IllegalStateException("requestPasswordReset answered " + reply.statusCode() + ": " + reply.body());
    }
    return ms;
  }

  /** The q-quantile, the nearest rank's value: for the spread, printed beside the medians. */
  private static double quantile(double[] values, double q) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** Two-sided p of the Mann-Whitney U test: ranks with ties averaged, the normal approximation with tie correction. */
  static double mannWhitneyP(double[] a, double[] b) {
    int n1 = a.length;
    int n2 = b.length;
    List<double[]> all = new ArrayList<>();
    for (double value : a) {
      all.add(new double[] {value, 0});
    }
    for (double value : b) {
      all.add(new double[] {value, 1});
    }
    all.sort((x, y) -> Double.compare(x[0], y[0]));
    int n = n1 + n2;
    double rankSumA = 0;
    double tieTerm = 0;
    for (int i = 0; i < n; ) {
      int j = i;
      while (j + 1 < n && all.get(j + 1)[0] == all.get(i)[0]) {
        j++;
      }
      double rank = (i + j) / 2.0 + 1;
      int ties = j - i + 1;
      tieTerm += (double) ties * ties * ties - ties;
      for (int k = i; k <= j; k++) {
        if (all.get(k)[1] == 0) {
          rankSumA += rank;
        }
      }
      i = j + 1;
    }
    double u = rankSumA - n1 * (n1 + 1) / 2.0;
    double mean = n1 * (double) n2 / 2;
    double variance = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
    double z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
    return Math.min(1, 2 * (1 - normalCdf(z)));
  }

  /** The standard normal's distribution function (Abramowitz and Stegun 26.2.17, error below 7.5e-8). */
  private static double normalCdf(double z) {
    if (z < 0) {
      return 1 - normalCdf(-z);
    }
    double t = 1 / (1 + 0.2316419 * z);
    double poly = t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
    return 1 - Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI) * poly;
  }
}
