package io.lanyard.platform.support;

/**
 * Where a running instance is in its life, as readiness and the HTTP layer need to know: serving, or draining (stopping: still
 * serving, but failing readiness so load balancers take it out, and closing connections after each reply).
 */
public final class ServingState {

  private volatile boolean draining;

  /** From now on readiness fails and connections close after their reply; requests are still served. */
  public void drain() {
    draining = true;
  }

  public boolean isDraining() {
    return draining;
  }
}
