package io.lanyard.unplaced;

/** A planted violation for {@code ArchitectureRulesTest}: a class in a package that belongs to no wing. Never used. */
final class PlantedUnplacedClass {
}
