package io.lanyard.signup;

import io.lanyard.signin.Logout;

/** A planted violation for {@code ArchitectureRulesTest}: a feature wing importing another. Never used. */
final class PlantedFeatureImport {

  Logout logout;
}
