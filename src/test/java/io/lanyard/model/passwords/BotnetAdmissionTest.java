package io.lanyard.model.passwords;

import io.lanyard.platform.support.SourceKeys;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.function.IntConsumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The botnet phase of bench/run's attack scenario (bench/AttackBench.java) as a model on a made-up clock, against the real
 * {@link HashAdmission} and {@link SuspectSources}: what the bench measures, without the machine's noise. Two threads hash
 * in the order work was admitted, 52 ms a hash (the hash bound of 38.5/s measured on a quiet 2-core machine); wrong
 * passwords come at ten times the bound from 256 addresses, four connections each, each address limited to 30 requests a
 * minute (the per-source rate); people log in at 30% of the bound, half with a device marker, half first-timers from
 * addresses of their own. Over 30 s, the first-timers' share of their logins is compared with what they get alone (all).
 */
class BotnetAdmissionTest {

  private static final long HASH = Duration.ofMillis(52).toNanos();
  private static final int THREADS = 2;
  private static final int BOTS = 256;
  private static final int CONNECTIONS_PER_BOT = 4;
  private static final long PHASE = Duration.ofSeconds(30).toNanos();
  private static final double BOUND = THREADS * 1e9 / HASH;

  @Test
  void firstTimersKeepMoreThanHalfTheirLoginsBesideABotnetOnceItsAddressesHaveFailed() {
    Outcome outcome = new Model(true).run();

    assertThat(outcome.firstTimers()).isGreaterThanOrEqualTo(0.5);
    assertThat(outcome.returning()).isGreaterThanOrEqualTo(0.9);
  }

  @Test
  void withoutTheSourcesRecordsFirstTimersAreOneSourceAmongTheBotnets() {
    // what the bench measured before the records (0.08 of their rate alone)
    Outcome outcome = new Model(false).run();

    assertThat(outcome.firstTimers()).isLessThan(0.2);
    assertThat(outcome.returning()).isGreaterThanOrEqualTo(0.9);
  }

  /** The share of the first-timers' and the returning people's logins that succeeded. */
  private record Outcome(double firstTimers, double returning) {
  }

  /** One phase: events on a clock of its own, in order. */
  private static final class Model {

    /** Something due at a time; those due at once run in the order they were planned. */
    private record Event(long at, long order, Runnable action) {
    }

    private final PriorityQueue<Event> due =
      new PriorityQueue<>(Comparator.comparingLong(Event::at).thenComparingLong(Event::order));
    private long clock;
    private long planned;
    private final SuspectSources suspects;
    private final HashAdmission admission;
    private final ArrayDeque<Runnable> queued = new ArrayDeque<>();
    private int busy;
    private final int[] connections = new int[BOTS];
    private final double[] tokens = new double[BOTS];
    private final long[] tokensAt = new long[BOTS];
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Runnable>[] waiting = new ArrayDeque[BOTS];
    private int firstOffered;
    private int firstIn;
    private int returningOffered;
    private int returningIn;

    /** @param records whether the sources' records rank their hashes (the defaults: 5 failures within 15 minutes) */
    Model(boolean records) {
      this.suspects = records ? new SuspectSources(5, Duration.ofMinutes(15), SourceKeys.NO_ALLOWLIST, 65_536, () -> clock)
        : SuspectSources.NONE;
      this.admission = new HashAdmission(THREADS, Duration.ofSeconds(2), HASH, () -> clock);
      for (int bot = 0; bot < BOTS; bot++) {
        tokens[bot] = 30;
        waiting[bot] = new ArrayDeque<>();
      }
    }

    Outcome run() {
      every(0.3 * BOUND, person -> {
        boolean returning = person % 2 == 0;
        if (returning) {
          returningOffered++;
        } else {
          firstOffered++;
        }
        login("10.0." + (person >> 8) + "." + (person & 255), returning, true, status -> {
          if (status == 200 && returning) {
            returningIn++;
          } else if (status == 200) {
            firstIn++;
          }
        });
      });
      every(10 * BOUND, guess -> send(guess % BOTS));
      while (!due.isEmpty()) {
        Event next = due.poll();
        clock = next.at();
        next.action().run();
      }
      return new Outcome(firstIn / (double) firstOffered, returningIn / (double) returningOffered);
    }

    /** A bot's guess, on one of its connections (or once one is free), spending its per-source rate. */
    private void send(int bot) {
      if (connections[bot] == CONNECTIONS_PER_BOT) {
        waiting[bot].add(() -> send(bot));
        return;
      }
      connections[bot]++;
      tokens[bot] = Math.min(30, tokens[bot] + (clock - tokensAt[bot]) / 2e9);
      tokensAt[bot] = clock;
      IntConsumer answered = status -> at(clock + Duration.ofMillis(1).toNanos(), () -> {
        connections[bot]--;
        Runnable next = waiting[bot].poll();
        if (next != null) {
          next.run();
        }
      });
      if (tokens[bot] < 1) {
        answered.accept(429);
        return;
      }
      tokens[bot]--;
      login("127.0.1." + bot, false, false, answered);
    }

    /** A login as the service checks it: a place in the queue (marked, or as the source's record says), then bcrypt. */
    private void login(String source, boolean marked, boolean right, IntConsumer answered) {
      if (admission.admit(source, marked ? HashPriority.MARKED : suspects.priorityOf(source)).isPresent()) {
        answered.accept(503);
        return;
      }
      queued.add(() -> {
        admission.finished(source, HASH, HASH);
        if (right) {
          suspects.succeeded(source);
        } else {
          suspects.failed(source);
        }
        answered.accept(right ? 200 : 401);
      });
      startHashes();
    }

    private void startHashes() {
      while (busy < THREADS && !queued.isEmpty()) {
        busy++;
        Runnable hash = queued.poll();
        at(clock + HASH, () -> {
          hash.run();
          busy--;
          startHashes();
        });
      }
    }

    /** {@code action(n)} for n = 0, 1, … at {@code rate} a second over the phase. */
    private void every(double rate, IntConsumer action) {
      long interval = (long) (1e9 / rate);
      int n = 0;
      for (long t = 0; t < PHASE; t += interval) {
        int index = n++;
        at(t, () -> action.accept(index));
      }
    }

    private void at(long time, Runnable action) {
      due.add(new Event(time, planned++, action));
    }
  }
}
