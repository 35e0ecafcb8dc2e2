package io.lanyard.loadtest;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/** Logins of the seeded active accounts, each arrival another account: the bcrypt-bound capacity of a deployment. */
public class LoginSimulation extends Simulation {

  {
    SeededUsers users = SeededUsers.read(Settings.usersFile());
    Requests requests = new Requests(Settings.plugin(), Settings.password());

    ScenarioBuilder login = scenario("login")
      .feed(listFeeder(users.requireActive()).circular())
      .exec(requests.login());

    setUp(login.injectOpen(Arrivals.opening(Settings.rate(20))))
      .protocols(Requests.protocol(Settings.baseUrl()))
      .assertions(Arrivals.gate(1000, 1));
  }
}
