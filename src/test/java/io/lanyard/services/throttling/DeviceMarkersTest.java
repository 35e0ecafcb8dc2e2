package io.lanyard.services.throttling;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The marker's checks on a clock the test moves: expiry, the name it is bound to, the key it was made with. */
class DeviceMarkersTest {

  private static final byte[] KEY = "a deployment's derived key, 32 b".getBytes(StandardCharsets.UTF_8);
  private final AtomicLong now = new AtomicLong(1_700_000_000_000L);
  private final DeviceMarkers markers = new DeviceMarkers(KEY, Duration.ofDays(90), now::get);

  @Test
  void aMarkerIsGoodForItsNameUntilItExpires() {
    String marker = markers.issue("ann@example.com");

    Optional<DeviceMarkers.Marker> valid = markers.verify(Optional.of(marker), "ann@example.com");
    assertThat(valid).isPresent();
    assertThat(valid.get().lockoutIdentifier()).isEqualTo("device:" + marker.split("\\.")[1]);

    now.addAndGet(Duration.ofDays(90).toMillis() - 1000);
    assertThat(markers.verify(Optional.of(marker), "ann@example.com")).isPresent();
    now.addAndGet(1000);
    assertThat(markers.verify(Optional.of(marker), "ann@example.com")).as("expired").isEmpty();
  }

  @Test
  void anotherNameOrAnotherKeyGetsNothing() {
    String marker = markers.issue("ann@example.com");
    DeviceMarkers otherDeployment = new DeviceMarkers("another deployment's key, 32 byt".getBytes(StandardCharsets.UTF_8),
      Duration.ofDays(90), now::get);

    assertThat(markers.verify(Optional.of(marker), "bob@example.com")).isEmpty();
    assertThat(otherDeployment.verify(Optional.of(marker), "ann@example.com")).isEmpty();
    assertThat(markers.verify(Optional.empty(), "ann@example.com")).isEmpty();
  }

  @Test
  void eachSignInGetsAMarkerOfItsOwn() {
    String first = markers.issue("ann@example.com");
    String second = markers.issue("ann@example.com");

    assertThat(markers.verify(Optional.of(first), "ann@example.com").orElseThrow())
      .isNotEqualTo(markers.verify(Optional.of(second), "ann@example.com").orElseThrow());
  }

  @Test
  void keysDerivedFromTheSameDeploymentKeyAgree() {
    DeviceMarkers one = DeviceMarkers.derivedFrom("kept form key", Duration.ofDays(1));
    DeviceMarkers another = DeviceMarkers.derivedFrom("kept form key", Duration.ofDays(1));
    DeviceMarkers elsewhere = DeviceMarkers.derivedFrom("another kept form key", Duration.ofDays(1));
    String marker = one.issue("ann@example.com");

    assertThat(another.verify(Optional.of(marker), "ann@example.com")).isPresent();
    assertThat(elsewhere.verify(Optional.of(marker), "ann@example.com")).isEmpty();
  }
}
