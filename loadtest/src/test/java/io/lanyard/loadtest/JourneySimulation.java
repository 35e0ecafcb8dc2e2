package io.lanyard.loadtest;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;

import static io.gatling.javaapi.core.CoreDsl.listFeeder;
import static io.gatling.javaapi.core.CoreDsl.scenario;

/**
 * The registration journey, one virtual user per new visitor, each with data of its own: create an account by link (a new
 * synthetic address: its mail is kept, never sent), activate a seeded pending account with its link token (no route reveals
 * the new account's token, so the kit takes one {@code users seed} prepared), log in, read the user types, update the
 * profile, log out. Two bcrypt hashes per visitor (activate, login): the journey's rate is bounded by hashing.
 */
public class JourneySimulation extends Simulation {

  private static final double RATE = Settings.rate(5);

  {
    SeededUsers users = SeededUsers.read(Settings.usersFile());
    long needed = Arrivals.expectedUsers(RATE);
    if (users.requirePending().size() < needed) {
      throw new IllegalArgumentException("the journey activates one seeded link per visitor: " + needed + " visitors, "
        + users.pending().size() + " pending accounts in the users file; seed at least " + needed + " with --pending");
    }
    Requests requests = new Requests(Settings.plugin(), Settings.password());
    String appToken = Settings.appToken();

    // a visitor whose step fails goes no further, so one refusal counts once, not again in every step after it
    ScenarioBuilder journey = scenario("journey")
      .feed(Unique.addresses("journey", Settings.domain()))
      .exec(requests.createByLink(appToken)).exitHereIfFailed()
      .feed(listFeeder(users.pending()).queue())
      .exec(requests.activate()).exitHereIfFailed()
      .exec(requests.login()).exitHereIfFailed()
      .exec(requests.userTypes()).exitHereIfFailed()
      .exec(requests.updateProfile(appToken)).exitHereIfFailed()
      .exec(requests.logout());

    setUp(journey.injectOpen(Arrivals.opening(RATE)))
      .protocols(Requests.protocol(Settings.baseUrl()))
      .assertions(Arrivals.gate(2000, 1));
  }
}
