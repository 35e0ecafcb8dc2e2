package io.lanyard.platform.db;

import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;

import static org.assertj.core.api.Assertions.assertThat;

/** How failures are read: by SQLSTATE and exception type, through any wrapping. */
class DbFailureTest {

  @Test
  void sqlStatesSayWhatHappened() {
    assertThat(DbFailure.of(pg("57014"))).isEqualTo(DbFailure.DEADLINE);
    assertThat(DbFailure.of(pg("55P03"))).isEqualTo(DbFailure.DEADLINE);
    assertThat(DbFailure.of(pg("57P03"))).isEqualTo(DbFailure.CONNECT_FAILED);
    assertThat(DbFailure.of(pg("53300"))).isEqualTo(DbFailure.CONNECT_FAILED);
    assertThat(DbFailure.of(pg("57P01"))).isEqualTo(DbFailure.CONNECTION_LOST);
    assertThat(DbFailure.of(pg("08006"))).isEqualTo(DbFailure.CONNECTION_LOST);
    assertThat(DbFailure.of(pg("23505"))).isEqualTo(DbFailure.OTHER);
  }

  @Test
  void exceptionTypesSayWhatHappened() {
    assertThat(DbFailure.of(new ConnectException("Connection refused"))).isEqualTo(DbFailure.CONNECT_FAILED);
    assertThat(DbFailure.of(ClosedConnectionException.INSTANCE)).isEqualTo(DbFailure.CONNECTION_LOST);
    assertThat(DbFailure.of(new IOException("Connection reset by peer"))).isEqualTo(DbFailure.CONNECTION_LOST);
    assertThat(DbFailure.of(new IllegalStateException("a bug"))).isEqualTo(DbFailure.OTHER);
    assertThat(DbFailure.of(new ClientDeadlineException(3000))).isEqualTo(DbFailure.DEADLINE);
  }

  @Test
  void theCauseIsFoundThroughWrapping() {
    RuntimeException wrapped = new RuntimeException("step failed", new VertxException("pool", new ConnectException("refused")));

    assertThat(DbFailure.of(wrapped)).isEqualTo(DbFailure.CONNECT_FAILED);
    assertThat(DbFailure.of(wrapped).isUnavailable()).isTrue();
  }

  @Test
  void onlyAStatementSurelyNotRunWroteNothing() {
    assertThat(DbFailure.wroteNothing(pg("57P01"))).isTrue();
    assertThat(DbFailure.wroteNothing(new VertxException("Connection is not active now, current status: CLOSED", true)))
      .isTrue();
    assertThat(DbFailure.wroteNothing(ClosedConnectionException.INSTANCE)).as("the reply was lost: it may have run").isFalse();
    assertThat(DbFailure.wroteNothing(pg("55P03"))).isFalse();
  }

  private static PgException pg(String sqlState) {
    return new PgException("message", "ERROR", sqlState, null);
  }
}
