package io.lanyard.loadtest;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.percent;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * The registration mix of an opening (bench/'s {@code peak}): of the arrivals, 60% create an account by link, 20% log in,
 * 20% read the user types with a token logged in before the run.
 */
public class PeakSimulation extends Simulation {

  private final LoggedIn loggedIn = new LoggedIn();
  private final SeededUsers users = SeededUsers.read(Settings.usersFile());

  {
    Requests requests = new Requests(Settings.plugin(), Settings.password());
    String appToken = Settings.appToken();

    ScenarioBuilder peak = scenario("peak")
      .randomSwitch().on(
        percent(60.0).then(feed(Unique.addresses("peak", Settings.domain())).exec(requests.createByLink(appToken))),
        percent(20.0).then(feed(listFeeder(users.requireActive()).circular()).exec(requests.login())),
        percent(20.0).then(feed(loggedIn.feeder()).exec(requests.userTypes())));

    setUp(peak.injectOpen(Arrivals.opening(Settings.rate(50))))
      .protocols(Requests.protocol(Settings.baseUrl()))
      .assertions(Arrivals.gate(2000, 1));
  }

  @Override
  public void before() {
    loggedIn.logIn(Settings.baseUrl(), users.active(), Settings.password(), Settings.sessions());
  }
}
