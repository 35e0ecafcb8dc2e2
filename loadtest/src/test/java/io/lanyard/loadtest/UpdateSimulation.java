package io.lanyard.loadtest;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * updateUser: accounts logged in before the run update their own profile (an application of scope {@code self}, as a fair's
 * site has) with new values each time, spread over {@code lanyard.sessions} accounts.
 */
public class UpdateSimulation extends Simulation {

  private final LoggedIn loggedIn = new LoggedIn();
  private final SeededUsers users = SeededUsers.read(Settings.usersFile());

  {
    Requests requests = new Requests(Settings.plugin(), Settings.password());
    String appToken = Settings.appToken();
    users.requireActive();

    ScenarioBuilder update = scenario("update")
      .feed(loggedIn.feeder())
      .exec(requests.updateProfile(appToken));

    setUp(update.injectOpen(Arrivals.opening(Settings.rate(200))))
      .protocols(Requests.protocol(Settings.baseUrl()))
      .assertions(Arrivals.gate(100, 1));
  }

  @Override
  public void before() {
    loggedIn.logIn(Settings.baseUrl(), users.active(), Settings.password(), Settings.sessions());
  }
}
