package io.lanyard.testing;

import org.junit.jupiter.api.BeforeEach;

/**
 * Where most integration tests start: the run's shared service, with an empty database and an empty mailbox before each test
 * (JUnit runs this before the test class's own {@code @BeforeEach}). A test that needs a service of its own, with other
 * settings, starts one with {@link TestApp#start} instead.
 */
public abstract class SharedServiceFixture {

  protected final TestApp app = TestApp.shared();
  protected final Http http = app.http();
  protected final TestDb db = TestDb.get();
  protected final Smtp smtp = Smtp.shared();

  @BeforeEach
  void emptyDatabaseAndMailbox() {
    db.truncate();
    smtp.clear();
  }
}
