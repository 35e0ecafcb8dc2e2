package io.lanyard.loadtest;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.OpenInjectionStep;

import java.time.Duration;
import java.util.List;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;

/**
 * The open injection model of a fair's opening: new visitors arrive at a rate that climbs (the ramp) then holds (the plateau),
 * whether or not the service keeps up, rather than a fixed number of connections looping (which slows its own arrivals down
 * when the service slows, and so hides the queue a real opening builds).
 */
final class Arrivals {

  private Arrivals() {
  }

  /** From {@code lanyard.startRate} to {@code rate} arrivals/s over {@code lanyard.ramp}, then {@code rate}/s for the plateau. */
  static OpenInjectionStep[] opening(double rate) {
    Duration ramp = Settings.ramp();
    Duration plateau = Settings.plateau();
    if (ramp.isZero()) {
      return new OpenInjectionStep[] {constantUsersPerSec(rate).during(plateau)};
    }
    return new OpenInjectionStep[] {
      rampUsersPerSec(Math.min(Settings.startRate(), rate)).to(rate).during(ramp),
      constantUsersPerSec(rate).during(plateau)};
  }

  /** How many virtual users {@link #opening} starts: what a scenario consuming one seeded link each needs. */
  static long expectedUsers(double rate) {
    double start = Math.min(Settings.startRate(), rate);
    double rampSeconds = Settings.ramp().toMillis() / 1000.0;
    double plateauSeconds = Settings.plateau().toMillis() / 1000.0;
    return (long) Math.ceil((start + rate) / 2 * rampSeconds + rate * plateauSeconds);
  }

  /** What makes the run pass or fail, so it can gate a release: the 99th percentile and the share of failed requests. */
  static List<Assertion> gate(int p99Millis, double maxErrorPercent) {
    return List.of(
      global().responseTime().percentile(99.0).lt(Settings.p99Millis(p99Millis)),
      global().failedRequests().percent().lte(Settings.maxErrorPercent(maxErrorPercent)));
  }
}
