// test_support.h: builders and helpers shared by ccsim-annotate's tests: where the hand-written
// profiles are, running the annotator in-process or as a program, and picking rows out of its tables.
#ifndef CCSIM_TESTS_ANNOTATE_TEST_SUPPORT_H
#define CCSIM_TESTS_ANNOTATE_TEST_SUPPORT_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate::testing {

// The path of a file in tests/annotate/profiles/ of the source tree.
std::string profile_path(const std::string& name);

// Runs ccsim-annotate in-process on `arguments` (options and profile paths) and returns what it
// printed on standard output. Errors propagate as exceptions.
std::string annotate(const std::vector<std::string>& arguments);

// What running a program printed and how it ended.
struct ProgramResult {
  int exit_code = -1;
  std::string standard_output;
  std::string standard_error;
};

// Runs a shell command line, capturing both outputs.
ProgramResult run_command(const std::string& command_line);
// Runs the built ccsim-annotate program with `arguments` (each quoted for the shell).
ProgramResult run_annotate_program(const std::vector<std::string>& arguments);

// The whole text of a file ("" when it cannot be read).
std::string read_file(const std::string& path);

// A fresh path in the test's temporary directory, e.g. for an export.
std::string temporary_path(const std::string& name);
// Writes `text` to a fresh temporary file and returns its path.
std::string write_temporary_file(const std::string& name, const std::string& text);

// Runs --html into a fresh temporary directory `dir_name` with `arguments` (the profile among them) and
// returns the page, DIR/index.html ("" when it was not written).
std::string html_report(const std::string& dir_name, std::vector<std::string> arguments);
// The part of `page` from the first `opening` (an element's opening tag) at or after `from` up to the next
// "</div>"; empty when there is none.
std::string div_from(const std::string& page, const std::string& opening, std::size_t from = 0);
// How many times `what` occurs in `text`.
std::size_t occurrences(const std::string& text, const std::string& what);

// The body of the section whose title starts with `title` ("-- <title>..."), up to the next section.
std::string section(const std::string& output, const std::string& title);
// The whitespace-separated cells of the first line of `text` whose first cell is `first_cell`; empty
// when there is none. For summary tables, whose rows start with the thread number or "total".
std::vector<std::string> row_starting_with(const std::string& text, const std::string& first_cell);
// The cells before `label` on the first line of `text` that ends with `label`; empty when there is none.
// For ranked tables, whose last column is a location or an object.
std::vector<std::string> counts_before(const std::string& text, const std::string& label);

// Parses a profile given as text; `name` is the file name its error messages give.
Profile parse_text(const std::string& text, const std::string& name);
// The error message parse_text gives for `text`, or "accepted" when it reads.
std::string rejection_of(const std::string& text, const std::string& name);

// A small valid profile of `threads` threads of `program` (program.c), with `skipped: spin <spin>`,
// and one reference read 5 times and written twice by thread 1; `extra_header` comes after the
// skipped: line, `after_names` after the file name.
std::string small_profile(int threads, const std::string& program, std::uint64_t spin,
                          const std::string& extra_header, const std::string& after_names);

// A small profile of ./app with hand-chosen counts for the ratio columns and the --fail-if gates; at L1
// (32 KiB, 8-way, 64 B lines), per source line (file /src/app.c):
//   line  function  thread  reads  writes  L1 misses (read/write)  coherence (true/false)  invalidations received
//   10    worker    2         100       0  60 (60 / 0)             40 (0 / 40)             50 false in region
//   20    worker    3           0     100  40 (0 / 40)             30 (30 / 0)             30 true in region
//   30    main      1         200       0  20 (20 / 0)              0                      20 false across regions
//   40    main      1         100       0   0                       0                       0
// Totals: 400 reads + 100 writes = 500 accesses, 120 L1 misses, 70 coherence misses, 100 invalidations
// received (70 false sharing, 30 true). Data objects: the global `flags` holds lines 10 and 30's data
// (70 invalidations), `sum` line 20's (30), `table` line 40's (no invalidation).
std::string shared_lines_profile();

}  // namespace ccsim::annotate::testing

#endif
