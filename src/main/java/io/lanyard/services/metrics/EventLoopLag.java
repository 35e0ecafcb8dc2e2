package io.lanyard.services.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How late each event loop runs a task scheduled on it: the measure of a loop kept busy or blocked, which Netty's pending-task
 * gauge only hints at. A tick every {@value #TICK_MS} ms per loop, timed from when it was due to when it ran.
 */
public final class EventLoopLag {

  private static final long TICK_MS = 200;

  private final List<ScheduledFuture<?>> ticks = new ArrayList<>();
  private volatile boolean stopped;

  private EventLoopLag() {
  }

  public static EventLoopLag start(Vertx vertx, MeterRegistry registry) {
    EventLoopLag lag = new EventLoopLag();
    int index = 0;
    for (EventExecutor loop : ((VertxInternal) vertx).nettyEventLoopGroup()) {
      Timer timer = Timer.builder("lanyard.event.loop.lag")
        .description("Delay between when a task was due on an event loop and when the loop ran it")
        .tag("loop", Integer.toString(index++))
        .register(registry);
      lag.tick(loop, timer);
    }
    return lag;
  }

  private void tick(EventExecutor loop, Timer timer) {
    if (stopped || loop.isShuttingDown()) {
      return;
    }
    long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TICK_MS);
    ScheduledFuture<?> next = loop.schedule(() -> {
      timer.record(Math.max(0, System.nanoTime() - due), TimeUnit.NANOSECONDS);
      tick(loop, timer);
    }, TICK_MS, TimeUnit.MILLISECONDS);
    synchronized (ticks) {
      ticks.removeIf(ScheduledFuture::isDone);
      ticks.add(next);
    }
  }

  public void stop() {
    stopped = true;
    synchronized (ticks) {
      ticks.forEach(tick -> tick.cancel(false));
      ticks.clear();
    }
  }
}
