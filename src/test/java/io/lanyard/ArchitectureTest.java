package io.lanyard;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The wings of the house (docs/architecture.md): {@code boot → web → features → services → model → platform}, every class in
 * one of them, no feature wing importing another, no package cycle at any depth. {@link ArchitectureRulesTest} plants a
 * violation of each rule and shows that it fails.
 */
class ArchitectureTest {

  static final List<String> FEATURES = List.of("signin", "signup", "selfservice", "partners", "helpdesk");

  /** Dependencies point down, and a class outside every wing (a package nobody placed) fails the build. */
  static final ArchRule DEPENDENCIES_POINT_DOWN = layeredArchitecture()
    .consideringOnlyDependenciesInAnyPackage("io.lanyard..")
    .ensureAllClassesAreContainedInArchitecture()
    .layer("boot").definedBy("io.lanyard.boot..")
    .layer("web").definedBy("io.lanyard.web..")
    .layer("features").definedBy(FEATURES.stream().map(wing -> "io.lanyard." + wing + "..").toArray(String[]::new))
    .layer("services").definedBy("io.lanyard.services..")
    .layer("model").definedBy("io.lanyard.model..")
    .layer("platform").definedBy("io.lanyard.platform..")
    .whereLayer("boot").mayNotBeAccessedByAnyLayer()
    .whereLayer("web").mayOnlyBeAccessedByLayers("boot")
    .whereLayer("features").mayOnlyBeAccessedByLayers("boot", "web")
    .whereLayer("services").mayOnlyBeAccessedByLayers("boot", "web", "features")
    .whereLayer("model").mayOnlyBeAccessedByLayers("boot", "web", "features", "services")
    .because("a wing uses the floors below it and is used by the floors above (docs/architecture.md)");

  /** Two packages never need each other, at any depth: what both need belongs a floor down. */
  static final ArchRule NO_CYCLES = slices().matching("io.lanyard.(**)").should().beFreeOfCycles();

  /** A feature wing's operations stand on services and the model, never on another feature's. */
  static List<ArchRule> featureWingsStandAlone() {
    return FEATURES.stream()
      .map(wing -> (ArchRule) noClasses().that().resideInAPackage("io.lanyard." + wing + "..")
        .should().dependOnClassesThat().resideInAnyPackage(FEATURES.stream().filter(other -> !other.equals(wing))
          .map(other -> "io.lanyard." + other + "..").toArray(String[]::new))
        .because("what two features share belongs to services or the model"))
      .toList();
  }

  private static JavaClasses lanyard;

  @BeforeAll
  static void importCompiledClasses() {
    lanyard = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.lanyard");
  }

  @Test
  void dependenciesPointDown() {
    DEPENDENCIES_POINT_DOWN.check(lanyard);
  }

  @Test
  void noTwoPackagesDependOnEachOther() {
    NO_CYCLES.check(lanyard);
  }

  @Test
  void featureWingsDoNotImportEachOther() {
    featureWingsStandAlone().forEach(rule -> rule.check(lanyard));
  }
}
