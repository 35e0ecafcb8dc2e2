package io.lanyard.loadtest;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * bench/'s {@code storm}: logins offered faster than bcrypt can verify them (the default, 70/s, is twice what 2 cores verify at
 * cost 10), while getAllUserTypes arrives at a steady {@code lanyard.typesRate}. Logins over the hash bound are refused at once
 * with 503 (expected, not asserted); the gate is on the other route: hashing must never starve it.
 */
public class StormSimulation extends Simulation {

  private final LoggedIn loggedIn = new LoggedIn();
  private final SeededUsers users = SeededUsers.read(Settings.usersFile());

  {
    Requests requests = new Requests(Settings.plugin(), Settings.password());

    ScenarioBuilder logins = scenario("storm logins")
      .feed(listFeeder(users.requireActive()).circular())
      .exec(requests.login());
    ScenarioBuilder types = scenario("types beside the storm")
      .feed(loggedIn.feeder())
      .exec(requests.userTypes());

    setUp(
      logins.injectOpen(Arrivals.opening(Settings.rate(70))),
      types.injectOpen(constantUsersPerSec(Settings.number("lanyard.typesRate", 200))
        .during(Settings.ramp().plus(Settings.plateau()))))
      .protocols(Requests.protocol(Settings.baseUrl()))
      .assertions(
        details("types").responseTime().percentile(99.0).lt(Settings.p99Millis(50)),
        details("types").failedRequests().percent().lte(Settings.maxErrorPercent(1)),
        details("login").successfulRequests().count().gt(0L));
  }

  @Override
  public void before() {
    loggedIn.logIn(Settings.baseUrl(), users.active(), Settings.password(), Settings.sessions());
  }
}
