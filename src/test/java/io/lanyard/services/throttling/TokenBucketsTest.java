package io.lanyard.services.throttling;

import io.lanyard.platform.config.Rate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class TokenBucketsTest {

  private final AtomicLong now = new AtomicLong(1_000_000_000L);

  @Test
  void aKeySpendsItsCountAtOnceThenWaitsForTheRefill() {
    TokenBuckets buckets = new TokenBuckets(new Rate(3, Duration.ofMinutes(1)), 100, now::get);

    assertThat(buckets.take("a")).isEmpty();
    assertThat(buckets.take("a")).isEmpty();
    assertThat(buckets.take("a")).isEmpty();

    assertThat(buckets.take("a")).contains(Duration.ofSeconds(20));
    now.addAndGet(Duration.ofSeconds(5).toNanos());
    assertThat(buckets.take("a")).contains(Duration.ofSeconds(15));
    now.addAndGet(Duration.ofSeconds(15).toNanos());
    assertThat(buckets.take("a")).isEmpty();
    assertThat(buckets.take("a")).isPresent();
  }

  @Test
  void keysHaveBucketsOfTheirOwn() {
    TokenBuckets buckets = new TokenBuckets(new Rate(1, Duration.ofMinutes(1)), 100, now::get);

    assertThat(buckets.take("a")).isEmpty();

    assertThat(buckets.take("a")).isPresent();
    assertThat(buckets.take("b")).isEmpty();
  }

  @Test
  void aBucketNeverHoldsMoreThanItsCount() {
    TokenBuckets buckets = new TokenBuckets(new Rate(2, Duration.ofSeconds(2)), 100, now::get);
    assertThat(buckets.take("a")).isEmpty();

    now.addAndGet(Duration.ofHours(1).toNanos());

    assertThat(buckets.take("a")).isEmpty();
    assertThat(buckets.take("a")).isEmpty();
    assertThat(buckets.take("a")).contains(Duration.ofSeconds(1));
  }

  @Test
  void pastItsKeyBoundItForgetsFullBucketsFirst() {
    TokenBuckets buckets = new TokenBuckets(new Rate(1, Duration.ofMinutes(1)), 8, now::get);
    buckets.take("spent");
    buckets.take("spent2");
    buckets.take("spent3");
    now.addAndGet(Duration.ofMinutes(2).toNanos());
    buckets.take("limited");
    for (String key : new String[] {"b", "c", "d", "e"}) {
      buckets.take(key);
    }

    buckets.take("f");

    assertThat(buckets.size()).isEqualTo(6);
    assertThat(buckets.take("limited")).as("a bucket still spent is kept").isPresent();
  }

  @Test
  void aStreamOfNewKeysNeverGrowsPastTheBound() {
    TokenBuckets buckets = new TokenBuckets(new Rate(1, Duration.ofHours(1)), 1000, now::get);

    for (int i = 0; i < 100_000; i++) {
      buckets.take("source-" + i);
    }

    assertThat(buckets.size()).isLessThanOrEqualTo(1000);
  }
}
