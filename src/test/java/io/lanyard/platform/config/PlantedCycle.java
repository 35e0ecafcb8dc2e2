package io.lanyard.platform.config;

import io.lanyard.platform.db.DbUri;

/** A planted violation for {@code ArchitectureRulesTest}: config needing db, which needs config. Never used. */
final class PlantedCycle {

  DbUri uri;
}
