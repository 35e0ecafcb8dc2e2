package io.lanyard.partners.imports;

import io.lanyard.model.accounts.UserStatus;
import io.lanyard.services.events.UserEvent;
import io.lanyard.services.events.UserEvents;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes one batch in one transaction: the new accounts (existing addresses skipped), with {@code --update-profiles} the
 * profiles of the existing ones, the webhook events of both, and with {@code --send-links} the link mails of the new pending
 * accounts. A batch is written whole or not at all, so an interrupted import loses no committed batch and a re-run skips them.
 */
final class ImportBatchWriter {

  /** What a batch did. */
  record Outcome(int active, int pending, int skipped, int updated, int linked) {
  }

  private final Pool pool;
  private final ImportRepository repository = new ImportRepository();
  private final UserEvents events;
  private final String applicationId;
  private final boolean updateProfiles;
  private final Optional<AccountLinkMails> linkMails;

  ImportBatchWriter(Pool pool, UserEvents events, String applicationId, boolean updateProfiles,
                    Optional<AccountLinkMails> linkMails) {
    this.pool = pool;
    this.events = events;
    this.applicationId = applicationId;
    this.updateProfiles = updateProfiles;
    this.linkMails = linkMails;
  }

  Future<Outcome> write(List<ImportRow> rows) {
    return pool.withTransaction(tx -> repository.insert(tx, rows, applicationId).compose(created -> {
      Map<String, ImportRow> byEmail = new HashMap<>();
      rows.forEach(row -> byEmail.put(row.email(), row));
      List<UserEvent> changes = new ArrayList<>();
      List<AccountLinkMails.Pending> pending = new ArrayList<>();
      int active = 0;
      for (ImportRepository.Created account : created) {
        ImportRow row = byEmail.remove(account.email());
        UserStatus status = row.passwordHash().isPresent() ? UserStatus.ACTIVE : UserStatus.PENDING;
        changes.add(UserEvent.created(account.id(), applicationId, status));
        if (status == UserStatus.ACTIVE) {
          active++;
        } else {
          pending.add(new AccountLinkMails.Pending(account.id(), row));
        }
      }
      List<ImportRow> existing = List.copyOf(byEmail.values());
      int activeCount = active;
      return updated(tx, existing).compose(updates -> {
        updates.forEach(update -> changes.add(UserEvent.profileUpdated(update.id(), applicationId, update.fields())));
        return events.record(tx, changes)
          .compose(recorded -> linkMails.isEmpty() || pending.isEmpty() ? Future.succeededFuture(0)
            : linkMails.get().queue(tx, pending))
          .map(linked -> new Outcome(activeCount, pending.size(), existing.size() - updates.size(), updates.size(), linked));
      });
    }));
  }

  private Future<List<ImportRepository.Updated>> updated(SqlClient tx, List<ImportRow> existing) {
    return updateProfiles && !existing.isEmpty() ? repository.mergeProfiles(tx, existing) : Future.succeededFuture(List.of());
  }
}
