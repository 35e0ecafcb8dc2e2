package io.lanyard.web.console;

import io.lanyard.helpdesk.ReadBoard;
import io.lanyard.helpdesk.SearchAccounts;
import io.lanyard.helpdesk.staff.ConsoleSessions;
import io.lanyard.signin.oidc.OidcProvider;
import io.lanyard.web.pages.Messages;
import io.lanyard.web.pages.PageTemplates;

import java.time.Duration;
import java.util.List;

/**
 * The console's pages, built once at start: the templates and words of {@code console/}, the sign-in through the provider,
 * and one object per page.
 */
public record Console(ConsolePaths paths, PageTemplates templates, ConsoleNotices messages, ConsoleSignIn signIn,
                      SearchPages search, AccountPage account, AccountActions actions, BoardPage board) {

  private static final String RESOURCES = "console/";
  private static final List<String> PAGES = List.of("search", "account", "confirm", "message", "board");

  /** What the pages run: the help desk's operations. */
  public record Operations(SearchAccounts search, AccountActions.Operations accounts, ReadBoard board) {
  }

  /** @param boardInterval how often the instances add their counts to the live board ({@code metrics.boardInterval}) */
  public static Console build(ConsolePaths paths, OidcProvider provider, ConsoleSessions sessions, Operations operations,
                              Duration boardInterval) {
    Messages messages = Messages.load(RESOURCES + "messages/");
    PageTemplates templates = PageTemplates.load(RESOURCES + "templates/", PAGES, messages, paths.console());
    return new Console(paths, templates, new ConsoleNotices(messages, paths), new ConsoleSignIn(provider, sessions, paths),
      new SearchPages(operations.search(), messages, paths), new AccountPage(operations.accounts().files(), messages, paths),
      new AccountActions(operations.accounts(), messages, paths),
      new BoardPage(operations.board(), messages, paths, boardInterval));
  }
}
