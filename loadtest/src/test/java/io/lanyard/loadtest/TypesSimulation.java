package io.lanyard.loadtest;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.scenario;

/** getAllUserTypes with the tokens of accounts logged in before the run: the service's cheapest authenticated route. */
public class TypesSimulation extends Simulation {

  private final LoggedIn loggedIn = new LoggedIn();
  private final SeededUsers users = SeededUsers.read(Settings.usersFile());

  {
    Requests requests = new Requests(Settings.plugin(), Settings.password());
    users.requireActive();

    ScenarioBuilder types = scenario("types")
      .feed(loggedIn.feeder())
      .exec(requests.userTypes());

    setUp(types.injectOpen(Arrivals.opening(Settings.rate(500))))
      .protocols(Requests.protocol(Settings.baseUrl()))
      .assertions(Arrivals.gate(50, 1));
  }

  @Override
  public void before() {
    loggedIn.logIn(Settings.baseUrl(), users.active(), Settings.password(), Settings.sessions());
  }
}
