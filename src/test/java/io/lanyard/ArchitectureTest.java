package io.lanyard;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Dependencies point one way: {@code http → operations → shared vocabulary → base}, and only the entry points ({@code boot},
 * {@code cli}) know every package. A change that brings a package cycle back fails the build here, naming the classes.
 */
class ArchitectureTest {

  private static JavaClasses lanyard;

  @BeforeAll
  static void importCompiledClasses() {
    lanyard = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.lanyard");
  }

  @Test
  void noTwoPackagesDependOnEachOther() {
    slices().matching("io.lanyard.(*)..").should().beFreeOfCycles().check(lanyard);
  }

  @Test
  void dependenciesPointDown() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
      .layer("entry").definedBy("io.lanyard.boot..", "io.lanyard.cli..")
      .layer("http").definedBy("io.lanyard.http..")
      .layer("operations").definedBy("io.lanyard.auth..", "io.lanyard.user..", "io.lanyard.applications..",
        "io.lanyard.mail..", "io.lanyard.session..", "io.lanyard.server..", "io.lanyard.metrics..", "io.lanyard.lifecycle..",
        "io.lanyard.recovery..", "io.lanyard.settings..", "io.lanyard.privacy..", "io.lanyard.webhooks..", "io.lanyard.imports..",
        "io.lanyard.pages..")
      .layer("vocabulary").definedBy("io.lanyard.accounts..", "io.lanyard.passwords..", "io.lanyard.api..",
        "io.lanyard.audit..", "io.lanyard.events..", "io.lanyard.idempotency..", "io.lanyard.throttling..",
        "io.lanyard.captcha..")
      .layer("base").definedBy("io.lanyard.db..", "io.lanyard.config..", "io.lanyard.support..", "io.lanyard.templates..")
      .whereLayer("entry").mayNotBeAccessedByAnyLayer()
      .whereLayer("http").mayOnlyBeAccessedByLayers("entry")
      .whereLayer("operations").mayOnlyBeAccessedByLayers("entry", "http")
      .whereLayer("vocabulary").mayOnlyBeAccessedByLayers("entry", "http", "operations")
      .check(lanyard);
  }
}
