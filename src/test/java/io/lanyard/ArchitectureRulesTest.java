package io.lanyard;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each rule of {@link ArchitectureTest} fails when the violation it guards against is planted: the production classes plus
 * one planted class of the test sources ({@code Planted*}) that breaks the rule.
 */
class ArchitectureRulesTest {

  private static JavaClasses withPlants;

  @BeforeAll
  static void importProductionClassesAndPlants() {
    withPlants = new ClassFileImporter()
      .withImportOption(location -> ImportOption.Predefined.DO_NOT_INCLUDE_TESTS.includes(location)
        || location.contains("/Planted"))
      .importPackages("io.lanyard");
  }

  @Test
  void aClassInNoWingFails() {
    assertFailsNaming(List.of(ArchitectureTest.DEPENDENCIES_POINT_DOWN), "io.lanyard.unplaced.PlantedUnplacedClass");
  }

  @Test
  void anImportUpwardFails() {
    assertFailsNaming(List.of(ArchitectureTest.DEPENDENCIES_POINT_DOWN), "io.lanyard.model.PlantedUpwardImport");
  }

  @Test
  void aFeatureImportingAnotherFails() {
    assertFailsNaming(ArchitectureTest.featureWingsStandAlone(), "io.lanyard.signup.PlantedFeatureImport");
  }

  @Test
  void aCycleBetweenPackagesFails() {
    assertFailsNaming(List.of(ArchitectureTest.NO_CYCLES), "io.lanyard.platform.config.PlantedCycle");
  }

  private static void assertFailsNaming(List<ArchRule> rules, String plant) {
    String report = rules.stream()
      .map(rule -> rule.evaluate(withPlants))
      .filter(EvaluationResult::hasViolation)
      .map(result -> result.getFailureReport().toString())
      .reduce("", String::concat);

    assertThat(report).withFailMessage("no rule named the plant %s:%n%s", plant, report).contains(plant);
  }
}
