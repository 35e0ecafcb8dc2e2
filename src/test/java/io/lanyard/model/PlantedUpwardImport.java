package io.lanyard.model;

import io.lanyard.services.session.Sessions;

/** A planted violation for {@code ArchitectureRulesTest}: the model importing a service above it. Never used. */
final class PlantedUpwardImport {

  Sessions sessions;
}
