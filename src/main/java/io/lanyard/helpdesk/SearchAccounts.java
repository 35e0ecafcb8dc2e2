package io.lanyard.helpdesk;

import io.lanyard.model.accounts.AccountSearch;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

import java.util.List;

/** Finds accounts by any part of an address, first or last name, case and accents aside, newest first, one page at a time. */
public record SearchAccounts(Pool pool, AccountSearch search) {

  /** The request's page of accounts found (empty when none). The request must be free of {@link SearchRequest#problems()}. */
  public Future<List<AccountSearch.Found>> handle(SearchRequest request) {
    if (!request.problems().isEmpty()) {
      return Future.failedFuture(new IllegalArgumentException("an invalid search ran: " + request.problems()));
    }
    return search.search(pool, request.stripped(), request.limit(), request.offset());
  }
}
