package io.lanyard.model.accounts;

import io.lanyard.testing.Accounts;
import io.lanyard.testing.SharedServiceFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static io.lanyard.testing.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search's two plans give the same pages: with a window of 3 newest accounts, a page the window fills comes from it, and
 * any other (deeper, or a text rarer among the newest) from the trigram index, in the same order, without gap or overlap.
 */
class AccountSearchIT extends SharedServiceFixture {

  private final AccountSearch small = new AccountSearch(3);
  private final AccountSearch large = new AccountSearch(AccountSearch.RECENT_WINDOW);

  @BeforeEach
  void accounts() {
    // oldest first: a0 … a7 at common.example, then two at rare.example, newest last
    IntStream.range(0, 8).forEach(i -> Accounts.createActive(app, "a" + i + "@common.example"));
    Accounts.createActive(app, "r0@rare.example");
    Accounts.createActive(app, "r1@rare.example");
  }

  @Test
  void everyPageIsTheSameWhicheverPlanAnswers() {
    for (String text : List.of("example", "common", "rare", "a3@")) {
      for (int limit = 1; limit <= 4; limit++) {
        for (int offset = 0; offset <= 10; offset += limit) {
          assertThat(emails(small, text, limit, offset)).as("%s, limit %d, offset %d", text, limit, offset)
            .isEqualTo(emails(large, text, limit, offset));
        }
      }
    }
  }

  @Test
  void newestFirstAcrossTheWindowsEdge() {
    assertThat(emails(small, "common", 3, 0)).containsExactly("a7@common.example", "a6@common.example", "a5@common.example");
    assertThat(emails(small, "common", 3, 3)).containsExactly("a4@common.example", "a3@common.example", "a2@common.example");
    assertThat(emails(small, "example", 2, 0)).containsExactly("r1@rare.example", "r0@rare.example");
    assertThat(emails(small, "example", 2, 2)).containsExactly("a7@common.example", "a6@common.example");
  }

  private List<String> emails(AccountSearch search, String text, int limit, int offset) {
    return await(search.search(app.lanyard().pool(), text, limit, offset)).stream().map(AccountSearch.Found::email).toList();
  }
}
