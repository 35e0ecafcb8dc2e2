package io.lanyard.selfservice.privacy;

import io.lanyard.model.api.Caller;
import io.lanyard.model.api.Result;
import io.lanyard.model.api.StatusCode;
import io.lanyard.model.api.StepFailure;
import io.vertx.core.Future;

/**
 * GET /_plugin/{P}/user/exportData (Bearer): 0 with {@code data} = everything stored about the caller ({@link AccountExport})
 * | internal 1.
 */
public final class ExportData {

  private final AccountExport export;

  public ExportData(AccountExport export) {
    this.export = export;
  }

  public Future<Result> handle(Caller caller) {
    return export.of(caller.userId())
      .map(document -> document.map(Result::success)
        // a valid token of an account gone meanwhile: nothing stored any more
        .orElseGet(() -> Result.of(StatusCode.LIFECYCLE_UNEXPECTED)))
      .otherwise(failure -> StepFailure.toResult(failure, StatusCode.LIFECYCLE_UNEXPECTED));
  }
}
