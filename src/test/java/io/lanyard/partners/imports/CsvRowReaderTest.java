package io.lanyard.partners.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** CSV as spreadsheets write it: quotes, commas and line breaks in fields, CRLF, a byte-order mark, the line of each row. */
class CsvRowReaderTest {

  @TempDir
  Path dir;

  @Test
  void readsQuotedFieldsAndCountsTheLineEachRowStartsOn() throws IOException {
    List<RawRow> rows = read("\uFEFFEmail,LANGUAGE,fromSalon,fromSessionSalon,address1\r\n"
      + "ann@example.com,eng-GB,s,t,\"12, \"\"Grand\"\" rue\"\r\n"
      + "bob@example.com,fre-FR,s,t,\"first line\nsecond line\"\n"
      + "\n"
      + "  carl@example.com , eng-GB ,s,t,   \n");

    assertThat(rows).extracting(RawRow::line).containsExactly(2L, 3L, 6L);
    assertThat(rows.get(0).values()).isEqualTo(Map.of("email", "ann@example.com", "language", "eng-GB", "fromSalon", "s",
      "fromSessionSalon", "t", "address1", "12, \"Grand\" rue"));
    assertThat(rows.get(1).values().get("address1")).isEqualTo("first line\nsecond line");
    assertThat(rows.get(2).values()).doesNotContainKey("address1").containsEntry("email", "carl@example.com");
    assertThat(rows).allMatch(row -> row.problems().isEmpty());
  }

  @Test
  void aRowWithAnotherNumberOfFieldsIsAProblemOfTheRow() throws IOException {
    List<RawRow> rows = read("email,language,fromSalon,fromSessionSalon\nann@example.com,eng-GB\n");

    assertThat(rows.get(0).problems()).extracting(problem -> problem.field() + ":" + problem.reason())
      .containsExactly("row:has_2_fields_header_has_4");
  }

  @Test
  void aHeaderThatIsNotUsableStopsTheImport() {
    assertThatThrownBy(() -> read("email,language,fromSalon,fromSessionSalon,email\n"))
      .isInstanceOf(ImportFileException.class).hasMessageContaining("email twice");
    assertThatThrownBy(() -> read("email,language,fromSalon\n"))
      .isInstanceOf(ImportFileException.class).hasMessageContaining("no column fromSessionSalon");
    assertThatThrownBy(() -> read("email,language,fromSalon,fromSessionSalon,password\n"))
      .isInstanceOf(ImportFileException.class).hasMessageContaining("unknown column \"password\"");
    assertThatThrownBy(() -> read("email,language,fromSalon,fromSessionSalon\n\"ann,eng-GB,s,t\n"))
      .isInstanceOf(ImportFileException.class).hasMessageContaining("line 2: a quoted field is not closed");
  }

  private List<RawRow> read(String content) throws IOException {
    Path file = dir.resolve("rows.csv");
    Files.writeString(file, content, StandardCharsets.UTF_8);
    List<RawRow> rows = new ArrayList<>();
    try (RowReader reader = RowReader.open(file, RowReader.Format.CSV)) {
      Optional<RawRow> row;
      while ((row = reader.next()).isPresent()) {
        rows.add(row.get());
      }
      assertThat(reader.bytesRead()).isEqualTo(Files.size(file));
    }
    return rows;
  }
}
