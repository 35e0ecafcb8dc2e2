package io.lanyard.web.console;

import io.lanyard.helpdesk.SearchAccounts;
import io.lanyard.helpdesk.SearchRequest;
import io.lanyard.model.accounts.AccountSearch;
import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.Page;
import io.vertx.core.Future;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The console's home: the search form, and the accounts found (newest first, {@value #PAGE_SIZE} a page). The text is sent by
 * POST and pages are asked for with POSTs too, so no address or name ever sits in a URL, a history or an access log.
 */
public record SearchPages(SearchAccounts search, Messages messages, ConsolePaths paths) {

  static final int PAGE_SIZE = SearchRequest.DEFAULT_LIMIT;
  private static final DateTimeFormatter CREATED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);



  public Future<Page> home(ConsoleRequest request) {
    return Future.succeededFuture(view(request, "").page(200, "search"));
  }

  public Future<Page> search(ConsoleRequest request) {
    String text = request.param("q");
    int page = pageNumber(request.param("page"));
    SearchRequest searched = new SearchRequest(text, PAGE_SIZE, page);
    if (!searched.problems().isEmpty()) {
      ConsoleView refused = view(request, text);
      return Future.succeededFuture(refused.put("problem", refused.format("search_problem",
        Map.of("min", Integer.toString(SearchRequest.MIN_LENGTH), "max", Integer.toString(SearchRequest.MAX_LENGTH))))
        .page(400, "search"));
    }
    return search.handle(searched).map(found -> {
      ConsoleView results = view(request, text).put("searched", true).put("hasResults", !found.isEmpty());
      results.put("results", found.stream().map(account -> row(results, account)).toList());
      List<Map<String, String>> pager = new ArrayList<>();
      if (page > 1) {
        pager.add(Map.of("page", Integer.toString(page - 1), "label", results.text("search_previous")));
      }
      if (found.size() == PAGE_SIZE && (long) (page + 1) * PAGE_SIZE <= SearchRequest.MAX_DEPTH) {
        pager.add(Map.of("page", Integer.toString(page + 1), "label", results.text("search_next")));
      }
      return results.put("pager", pager).put("resultsTitle", results.format("search_results",
        Map.of("page", Integer.toString(page)))).page(200, "search");
    });
  }

  private ConsoleView view(ConsoleRequest request, String text) {
    return ConsoleView.forStaff(messages, request, "search_title", paths).put("query", text);
  }

  private static Map<String, String> row(ConsoleView view, AccountSearch.Found account) {
    String name = (account.firstname() + " " + account.lastname()).strip();
    return Map.of("id", account.id(), "email", account.email(), "name", name.isEmpty() ? "–" : name,
      "status", view.text("status_" + account.status().wireName()), "created", CREATED.format(account.createdAt()));
  }

  /** A page number a form sent; anything else is the first page. */
  private static int pageNumber(String value) {
    if (!value.matches("[1-9][0-9]{0,4}")) {
      return 1;
    }
    return Integer.parseInt(value);
  }
}
