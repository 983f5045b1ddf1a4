// profile_file_tests.cc: the profile is never lost, never truncated, never written through someone
// else's file (issue 14): write errors, planted symlinks, concurrent runs, in-place targets, names
// checked before the client runs, option values out of range, and Valgrind's thread limit.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

const std::vector<std::string> kNative = {"--sim-mode=native"};

std::string contents_of(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void expect_whole_profile(const std::string& path) {
  Profile profile;
  std::string error;
  // read_profile checks the summary line against the sum of the counts: a truncated file fails.
  EXPECT_TRUE(read_profile(path, &profile, &error)) << path << ": " << error;
}

std::vector<std::string> options_with(std::vector<std::string> options, const std::string& more) {
  options.push_back(more);
  return options;
}


// Disk full on the rename path: sweep's profile (tens of KiB) does not fit in 16 KiB. The old profile is
// kept as it was, no temporary file is left behind, the user reads why, and the run fails: sweep exits
// 0, so the status is 1.
TEST(ProfileFile, FullFileSystemKeepsTheOldProfileAndFails) {
  const std::string dir = scratch_directory("profile_disk_full");
  const std::string small = dir + "/small";
  ASSERT_EQ(mkdir(small.c_str(), 0755), 0);
  SmallFileSystem file_system(small);
  if (!file_system.mounted()) GTEST_SKIP() << "mounting a tmpfs needs root; /dev/full is tested below";
  std::ofstream(small + "/ccsim.out") << "the previous profile\n";
  RunResult run = run_ccsim(dir, options_with(kNative, "--ccsim-out-file=small/ccsim.out"), test_program("sweep"));
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  EXPECT_NE(run.stderr_text.find("ccsim: the profile was not written to '" + small +
                                 "/ccsim.out': No space left on device (writing it); the file already there is "
                                 "left as it was."),
            std::string::npos)
      << run.stderr_text;
  EXPECT_EQ(run.stderr_text.find("profile written"), std::string::npos) << run.stderr_text;
  EXPECT_EQ(contents_of(small + "/ccsim.out"), "the previous profile\n");
  EXPECT_EQ(files_starting_with(small, "ccsim.out.tmp").size(), 0u);
}

// /dev/full, written in place, fails every write: the failure is said, and the status is the client's
// own when it was not 0 (exit_code exits 42), else 1 (sweep exits 0).
TEST(ProfileFile, DevFullFailsWithTheClientsCodeOrOne) {
  const std::string dir = scratch_directory("profile_dev_full");
  RunResult failing_client =
      run_ccsim(dir, options_with(kNative, "--ccsim-out-file=/dev/full"), test_program("exit_code"));
  EXPECT_EQ(failing_client.exit_code, 42) << failing_client.stderr_text;
  EXPECT_NE(failing_client.stderr_text.find(
                "ccsim: the profile was not written to '/dev/full': No space left on device (writing it)."),
            std::string::npos)
      << failing_client.stderr_text;
  RunResult succeeding_client =
      run_ccsim(dir, options_with(kNative, "--ccsim-out-file=/dev/full"), test_program("sweep"));
  EXPECT_EQ(succeeding_client.exit_code, 1) << succeeding_client.stderr_text;
  EXPECT_NE(succeeding_client.stderr_text.find("No space left on device"), std::string::npos)
      << succeeding_client.stderr_text;
}

// A symlink planted where the old fixed temporary name was, and another under the new prefix, are never
// followed: the file they point to is untouched and the profile is whole under its own name.
TEST(ProfileFile, PlantedTemporarySymlinkIsNeverFollowed) {
  const std::string dir = scratch_directory("profile_planted_symlink");
  std::ofstream(dir + "/victim") << "not yours\n";
  ASSERT_EQ(symlink("victim", (dir + "/ccsim.out.tmp").c_str()), 0);
  ASSERT_EQ(symlink("victim", (dir + "/ccsim.out.tmp.aaaaaaaaaa").c_str()), 0);
  RunResult run = run_ccsim(dir, options_with(kNative, "--ccsim-out-file=ccsim.out"), test_program("exit_code"));
  EXPECT_EQ(run.exit_code, 42) << run.stderr_text;
  EXPECT_EQ(contents_of(dir + "/victim"), "not yours\n");
  expect_whole_profile(dir + "/ccsim.out");
}

// A stale temporary file left by a run killed with SIGKILL (under the old fixed name, made unwritable, or
// under the new prefix) never blocks a later run.
TEST(ProfileFile, StaleTemporaryFileNeverBlocksALaterRun) {
  const std::string dir = scratch_directory("profile_stale_temporary");
  ASSERT_EQ(mkdir((dir + "/ccsim.out.tmp").c_str(), 0555), 0);
  std::ofstream(dir + "/ccsim.out.tmp.Zz09Zz09Zz") << "ccsim-profile-version: 1\ncreator: cut short";
  RunResult run = run_ccsim(dir, options_with(kNative, "--ccsim-out-file=ccsim.out"), test_program("exit_code"));
  EXPECT_EQ(run.exit_code, 42) << run.stderr_text;
  expect_whole_profile(dir + "/ccsim.out");
}

// A profile replacing a file keeps that file's permissions (0640 here; a new file would get 0644 less
// the umask).
TEST(ProfileFile, ReplacedFileKeepsItsMode) {
  const std::string dir = scratch_directory("profile_mode");
  std::ofstream(dir + "/ccsim.out") << "old\n";
  ASSERT_EQ(chmod((dir + "/ccsim.out").c_str(), 0640), 0);
  RunResult run = run_ccsim(dir, options_with(kNative, "--ccsim-out-file=ccsim.out"), test_program("exit_code"));
  EXPECT_EQ(run.exit_code, 42) << run.stderr_text;
  struct stat status;
  ASSERT_EQ(stat((dir + "/ccsim.out").c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0640u);
  expect_whole_profile(dir + "/ccsim.out");
}

// Four runs at once with the same name: each writes a whole file of its own and renames it; the last
// rename wins, so the file there is whole, every run succeeded, and no temporary file is left.
TEST(ProfileFile, ConcurrentRunsWithOneNameLeaveAWholeFile) {
  const std::string dir = scratch_directory("profile_concurrent");
  std::vector<std::future<RunResult>> runs;
  for (int i = 0; i < 4; ++i) {
    const std::string own = dir + "/run" + std::to_string(i);
    ASSERT_EQ(mkdir(own.c_str(), 0755), 0);
    runs.push_back(std::async(std::launch::async, [own, dir] {
      return run_ccsim(own, options_with(kNative, "--ccsim-out-file=" + dir + "/ccsim.out"),
                       test_program("exit_code"));
    }));
  }
  for (auto& run : runs) {
    RunResult result = run.get();
    EXPECT_EQ(result.exit_code, 42) << result.stderr_text;
    EXPECT_NE(result.stderr_text.find("ccsim: profile written to " + dir + "/ccsim.out"), std::string::npos)
        << result.stderr_text;
  }
  expect_whole_profile(dir + "/ccsim.out");
  EXPECT_EQ(files_starting_with(dir, "ccsim.out.tmp").size(), 0u);
}

// A symlink to /proc/self/fd/1 (what /dev/stdout is) with stdout redirected to a regular file: the
// profile goes to stdout, after what was already in the file, and the symlink stays a symlink. The
// client exits from its second thread, after which /proc/self/fd no longer resolves (its main thread
// has ended): the target was opened before the client ran.
TEST(ProfileFile, SymlinkToStdoutIsWrittenInPlace) {
  const std::string dir = scratch_directory("profile_stdout_symlink");
  ASSERT_EQ(symlink("/proc/self/fd/1", (dir + "/to_stdout").c_str()), 0);
  std::ofstream(dir + "/stdout.file") << "before the run\n";
  const std::string command = "cd '" + dir + "' && '" + CCSIM_BUILD_DIR +
                              "/vg-in-place' --tool=ccsim --sim-mode=native --ccsim-out-file=to_stdout '" +
                              test_program("exit_code") + "' >>stdout.file 2>stderr.txt";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 42) << contents_of(dir + "/stderr.txt");
  struct stat link_status;
  ASSERT_EQ(lstat((dir + "/to_stdout").c_str(), &link_status), 0);
  EXPECT_TRUE(S_ISLNK(link_status.st_mode)) << "the symlink was replaced";
  const std::string written = contents_of(dir + "/stdout.file");
  const std::string before = "before the run\n";
  ASSERT_EQ(written.compare(0, before.size(), before), 0) << written.substr(0, 200);
  std::ofstream(dir + "/profile.out") << written.substr(before.size());
  expect_whole_profile(dir + "/profile.out");
}

// A symlink to a regular file that is not the program's stdout or stderr (say `latest -> ccsim.out.old`)
// is written in place too, but the file then holds this run's profile alone: the old text is gone, not
// followed by a second profile, and the link stays a link.
TEST(ProfileFile, SymlinkToAnOlderProfileHoldsOneProfile) {
  const std::string dir = scratch_directory("profile_symlink_to_file");
  std::ofstream(dir + "/ccsim.out.old") << "ccsim-profile-version: 1\ncreator: an older run\n";
  ASSERT_EQ(symlink("ccsim.out.old", (dir + "/latest").c_str()), 0);
  RunResult run = run_ccsim(dir, options_with(kNative, "--ccsim-out-file=latest"), test_program("exit_code"));
  EXPECT_EQ(run.exit_code, 42) << run.stderr_text;
  struct stat link_status;
  ASSERT_EQ(lstat((dir + "/latest").c_str(), &link_status), 0);
  EXPECT_TRUE(S_ISLNK(link_status.st_mode)) << "the symlink was replaced";
  const std::string written = contents_of(dir + "/ccsim.out.old");
  EXPECT_EQ(written.find("an older run"), std::string::npos) << written.substr(0, 200);
  expect_whole_profile(dir + "/ccsim.out.old");
}

struct BadDestination {
  const char* name;     // --ccsim-out-file's value
  const char* message;  // a part of the sentence
};

void PrintTo(const BadDestination& bad, std::ostream* out) { *out << bad.name; }

class RejectsBadDestination : public ::testing::TestWithParam<BadDestination> {};

// Every destination the profile could not be written to is refused before the client runs (it would
// print "many_threads: 1 threads ran"), with a sentence, and exit status 1.
TEST_P(RejectsBadDestination, BeforeTheClientRuns) {
  const std::string dir = scratch_directory("profile_bad_destination");
  RunResult run = run_ccsim(dir, options_with(kNative, std::string("--ccsim-out-file=") + GetParam().name),
                            test_program("many_threads"), {"1"});
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  EXPECT_NE(run.stderr_text.find(GetParam().message), std::string::npos) << run.stderr_text;
  EXPECT_EQ(contents_of(dir + "/stdout.txt"), "") << "the client ran";
}

// NAME_MAX is 255: a 245-character name plus ".tmp." and a 10-character suffix is 260.
const std::string kLongName(245, 'x');

INSTANTIATE_TEST_SUITE_P(
    ProfileFile, RejectsBadDestination,
    ::testing::Values(BadDestination{"ccsim.%x", "Expected 'p' or 'q' or '%' after '%'"},
                      BadDestination{"ccsim.%q", "Expected '{' after '%q'"},
                      BadDestination{"ccsim.%q{}", "Environment variable '' is not set"},
                      BadDestination{"ccsim.%q{CCSIM_TEST_UNSET_VARIABLE}",
                                     "Environment variable 'CCSIM_TEST_UNSET_VARIABLE' is not set"},
                      BadDestination{"ccsim.%", "Expected 'p' or 'q' or '%' after '%'"},
                      BadDestination{"no/such/directory/ccsim.out", "/no/such/directory' does not exist."},
                      BadDestination{"/proc", "'/proc' is a directory."},
                      BadDestination{kLongName.c_str(), "is too long: with the temporary file's '.tmp.' and 10 more "
                                                        "characters it must fit in 255."}));

// A directory the profile cannot be created in is refused before the client runs. As root every
// directory is writable, unless its file system is read-only: a read-only tmpfs then.
TEST(ProfileFile, UnwritableDirectoryIsRefusedBeforeTheClientRuns) {
  const std::string dir = scratch_directory("profile_unwritable");
  const std::string locked = dir + "/locked";
  ASSERT_EQ(mkdir(locked.c_str(), 0555), 0);
  bool read_only_mount = false;
  if (geteuid() == 0) {
    read_only_mount = mount("tmpfs", locked.c_str(), "tmpfs", MS_RDONLY, "size=16k") == 0;
    if (!read_only_mount) GTEST_SKIP() << "as root, a directory is unwritable only on a read-only mount";
  }
  RunResult run =
      run_ccsim(dir, options_with(kNative, "--ccsim-out-file=locked/ccsim.out"), test_program("many_threads"), {"1"});
  if (read_only_mount) umount(locked.c_str());
  EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
  EXPECT_EQ(contents_of(dir + "/stdout.txt"), "") << "the client ran";
  EXPECT_NE(run.stderr_text.find("the directory '" + locked + "' is not writable."), std::string::npos)
      << run.stderr_text;
}

// Valgrind allows --max-threads - 1 client threads (slot 0 is unused). With --max-threads=5, main and 3
// workers fill the 4 slots: ccsim says so, and the run completes. With 4 workers the fifth thread finds
// no slot and Valgrind's core stops, after ccsim's sentence.
TEST(ThreadLimit, SaysWhenEveryThreadSlotIsInUse) {
  const std::string dir = scratch_directory("thread_limit");
  const std::string sentence =
      "ccsim: the program now runs 4 threads, all that Valgrind allows (--max-threads=5): if it starts another, "
      "Valgrind stops; rerun with a larger --max-threads.";
  RunResult fits = run_ccsim(dir, options_with(kNative, "--max-threads=5"), test_program("many_threads"), {"3"});
  EXPECT_EQ(fits.exit_code, 0) << fits.stderr_text;
  EXPECT_NE(fits.stderr_text.find(sentence), std::string::npos) << fits.stderr_text;
  RunResult too_many = run_ccsim(dir, options_with(kNative, "--max-threads=5"), test_program("many_threads"), {"4"});
  EXPECT_NE(too_many.exit_code, 0);
  const std::size_t said = too_many.stderr_text.find(sentence);
  EXPECT_NE(said, std::string::npos) << too_many.stderr_text;
  EXPECT_LT(said, too_many.stderr_text.find("--max-threads=INT")) << too_many.stderr_text;
  // A run that stays below the limit hears nothing of it.
  RunResult below = run_ccsim(dir, options_with(kNative, "--max-threads=6"), test_program("many_threads"), {"3"});
  EXPECT_EQ(below.exit_code, 0) << below.stderr_text;
  EXPECT_EQ(below.stderr_text.find("all that Valgrind allows"), std::string::npos) << below.stderr_text;
}

// --help says that many threads need Valgrind's --max-threads.
TEST(ThreadLimit, HelpNamesMaxThreads) {
  const std::string dir = scratch_directory("thread_limit_help");
  run_ccsim(dir, {"--help"}, "");
  EXPECT_NE(contents_of(dir + "/stdout.txt").find("more than 499 threads need Valgrind's --max-threads"),
            std::string::npos);
}

}  // namespace
}  // namespace ccsim_test
