package io.lanyard.boot.cli;

import io.lanyard.model.accounts.Emails;
import io.lanyard.model.audit.AuditKind;
import io.lanyard.model.audit.AuditRepository;
import io.lanyard.platform.config.DurationSyntax;
import io.lanyard.platform.support.AddressRanges;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/** {@code audit}: the audit trail of security events. */
@Command(name = "audit", description = "Read the audit trail of security events.",
  footer = "  java -jar lanyard.jar audit show --since 1h --kind login.failed", subcommands = AuditCommand.Show.class)
final class AuditCommand {

  private AuditCommand() {
  }

  @Command(name = "show", description = "Print audit events, oldest first, one a line: time, kind, account, source, request id, "
    + "detail, count, user agent.",
    footer = {"  java -jar lanyard.jar audit show --source 203.0.113.0/24 --since 2h",
      "  java -jar lanyard.jar audit show --email ann@example.com"})
  static final class Show extends RuntimeCommand {

    @Option(names = "--email", paramLabel = "E", description = "Events of this account, or naming this address.")
    private String email;

    @Option(names = "--source", paramLabel = "IP", description = "Events from this address or CIDR range (10.0.0.0/8).")
    private String source;

    @Option(names = "--since", paramLabel = "T", description = "From this instant (2026-03-01T08:00:00Z), day (2026-03-01) "
      + "or this long ago (15m, 2h, 7d).")
    private String since;

    @Option(names = "--kind", paramLabel = "K", description = "Only this kind: login.succeeded, login.failed, ...")
    private String kind;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "1000", description = "The latest N events (default ${DEFAULT-VALUE}).")
    private int limit;

    private AuditRepository.Query query;

    @Override
    void checkArguments() {
      query = new AuditRepository.Query(email == null ? null : Emails.normalise(email), source(),
        since(), kind(), limit());
    }

    @Override
    int run(CliRuntime runtime) {
      List<AuditRepository.Line> lines = Await.result(new AuditRepository().search(runtime.pool(), query));
      PrintWriter out = out();
      out.println("time\tkind\taccount\tsource\trequest_id\tdetail\tcount\tuser_agent");
      for (AuditRepository.Line line : lines) {
        out.println(String.join("\t", line.occurredAt().toInstant().toString(), line.kind(), orDash(line.account()),
          orDash(line.source()), orDash(line.requestId()), orDash(line.detail()), Integer.toString(line.count()),
          orDash(line.userAgent() == null ? null : line.userAgent().replaceAll("[\\t\\r\\n]", " "))));
      }
      return 0;
    }

    private String source() {
      if (source == null) {
        return null;
      }
      try {
        AddressRanges.parse(List.of(source));
        return source.trim();
      } catch (IllegalArgumentException e) {
        throw refused("--source: an IP address or a CIDR range");
      }
    }

    private OffsetDateTime since() {
      if (since == null) {
        return null;
      }
      OptionalLong ago = DurationSyntax.parseMillis(since);
      if (ago.isPresent() && ago.getAsLong() > 0) {
        return Instant.now().minusMillis(ago.getAsLong()).atOffset(ZoneOffset.UTC);
      }
      try {
        return since.contains("T") ? OffsetDateTime.parse(since) : LocalDate.parse(since).atStartOfDay().atOffset(ZoneOffset.UTC);
      } catch (DateTimeParseException e) {
        throw refused("--since: an instant (2026-03-01T08:00:00Z), a day (2026-03-01) or a "
          + "duration (15m, 2h, 7d)");
      }
    }

    private AuditKind kind() {
      if (kind == null) {
        return null;
      }
      return AuditKind.fromWire(kind).orElseThrow(() -> refused("--kind: one of "
        + Arrays.stream(AuditKind.values()).map(AuditKind::wireName).collect(Collectors.joining(", "))));
    }

    private int limit() {
      if (limit < 1 || limit > 1_000_000) {
        throw refused("--limit: 1 to 1000000");
      }
      return limit;
    }

    private static String orDash(String value) {
      return value == null || value.isEmpty() ? "-" : value;
    }
  }
}
