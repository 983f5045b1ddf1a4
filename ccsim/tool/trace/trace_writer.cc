// trace_writer.cc: the first worker's copy of the stream into --trace-out's file, through zstd.
#include "ccsim/tool/trace/trace_writer.h"

#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/temporary_file.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/trace/program_file.h"
#include "ccsim/tool/trace/trace_reader.h"
#include "ccsim/tool/trace/zstd_process.h"
#include "ccsim/trace/format.h"

namespace ccsim {
namespace {

namespace tf = trace_format;

const HChar* trace_pattern = nullptr;  // --trace-out as given (a forked child expands it again)
const HChar* trace_name = nullptr;  // the expanded --trace-out name (null without it)
const HChar* zstd_path = nullptr;   // the zstd program found before the program ran
Int file_fd = -1;                   // the trace file: the tool's until its workers are forked, then the first worker's
Int pipe_fd = -1;                   // the first worker's end of the pipe to zstd
Int zstd_pid = -1;                  // zstd's pid in the first worker
bool failed = false;                // a write to zstd failed: nothing more is written
HChar* temporary_name = nullptr;    // the file zstd writes, renamed over the trace's name when whole (null:
                                    // the trace is a device or a pipe, written in place)
bool replaces_file = false;         // a file had the trace's name before the run (kept when the trace fails)
bool lost = false;                  // a forked child's trace could not be created (said when it was found)

// The forked processes this one descends from, the run's first first (format.h, kParentTrace): each one's
// trace and the number of its fork this process's line came from. A fixed table: a program forking deeper
// than this keeps no trace past it (said in the child).
constexpr std::uint32_t kMaxAncestors = 64;
constexpr Int kNameTooLong = 36;  // Linux's ENAMETOOLONG, which the tool interface does not name
struct Ancestor {
  HChar* trace;
  Int pid;  // the process whose trace it is (its header's kPid)
  std::uint32_t fork;
};
Ancestor ancestors[kMaxAncestors];
std::uint32_t ancestor_count = 0;
std::uint32_t forks_seen = 0;  // the ClientFork records the first worker has served in this process's stream
Int recorded_pid = 0;          // the process this trace is of (its header's kPid)

void write_words(const void* data, SizeT bytes) {
  if (failed) return;
  if (!write_fully(pipe_fd, data, bytes)) failed = true;
}

void write_word(std::uint32_t word) { write_words(&word, sizeof word); }

void write_field(std::uint32_t kind, const HChar* text) {
  if (text == nullptr) return;
  const std::uint32_t bytes = static_cast<std::uint32_t>(VG_(strlen)(text));
  write_word(kind);
  write_word(bytes);
  write_words(text, bytes);
  static const HChar kZeros[4] = {};
  write_words(kZeros, tf::padded_words(bytes) * 4 - bytes);
}

void write_arguments(std::uint32_t kind, XArray* arguments) {
  for (Word i = 0; i < VG_(sizeXA)(arguments); ++i) {
    write_field(kind, *static_cast<HChar**>(VG_(indexXA)(arguments, i)));
  }
}

// The header (ccsim/trace/format.h): what ccsim-sim repeats to start Valgrind as this run started.
void write_header(Int tool_pid) {
  write_word(tf::kMagic);
  write_word(tf::kVersion);
  write_field(tf::kProgram, VG_(args_the_exename));
  write_arguments(tf::kArgument, VG_(args_for_client));
  write_arguments(tf::kValgrindArgument, VG_(args_for_valgrind));
  write_field(tf::kDirectory, VG_(get_startup_wd)());
  write_field(tf::kLauncher, VG_(getenv)("VALGRIND_LAUNCHER"));
  write_field(tf::kValgrindLib, VG_(getenv)("VALGRIND_LIB"));
  HChar number[64];
  VG_(sprintf)(number, "%d", tool_pid);
  write_field(tf::kPid, number);
  recorded_pid = tool_pid;
  if (program_stamp(VG_(args_the_exename), number, sizeof number)) write_field(tf::kProgramStamp, number);
  write_field(tf::kStream, stream_description());
  for (std::uint32_t i = 0; i < ancestor_count; ++i) {
    HChar* field = static_cast<HChar*>(VG_(malloc)("ccsim.trace.parent", VG_(strlen)(ancestors[i].trace) + 32));
    VG_(sprintf)(field, "%u %d %s", ancestors[i].fork, ancestors[i].pid, ancestors[i].trace);
    write_field(tf::kParentTrace, field);
    VG_(free)(field);
  }
  write_word(tf::kEnd);
  write_word(0);
}

// Whether `path` is a trace an earlier image of this process wrote (profile_file.h): written since the
// process started, and its header's pid is this process's (read back through zstd). A file written just
// before the run started, or another run's, is not.
bool trace_of_earlier_image(const HChar* path, ULong started_ns) {
  if (!written_since(path, started_ns) || zstd_path == nullptr) return false;
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened)) return false;
  Int pid = -1;
  const Int stream = start_decompressing(zstd_path, static_cast<Int>(sr_Res(opened)), &pid);
  if (stream < 0) return false;
  HChar own[32];
  VG_(sprintf)(own, "%d", VG_(getpid)());
  bool ours = false;
  std::uint32_t words[2];
  if (read_fully(stream, words, sizeof words) && words[0] == tf::kMagic && words[1] == tf::kVersion) {
    // The fields, up to the pid's (the header is small: the program's and Valgrind's arguments).
    HChar text[4096];
    while (read_fully(stream, words, sizeof words) && words[0] != tf::kEnd) {
      const std::uint32_t padded = tf::padded_words(words[1]) * 4;
      if (padded >= sizeof text || !read_fully(stream, text, padded)) break;
      text[words[1]] = '\0';
      if (words[0] == tf::kPid) {
        ours = VG_(strcmp)(text, own) == 0;
        break;
      }
    }
  }
  VG_(close)(stream);  // zstd, if it has more to say, ends on the closed pipe
  Int code = 0;
  zstd_succeeded(pid, &code);
  return ours;
}

}  // namespace

void open_trace_out(const HChar* name) {
  zstd_path = zstd_program();
  if (zstd_path == nullptr) {
    VG_(fmsg_bad_option)("--trace-out", "traces are compressed by the zstd program, which is not installed "
                         "(Debian package zstd).\n");
    VG_(exit)(1);  // VG_(fmsg_bad_option) only prints once the command line is read
  }
  trace_pattern = name;
  // A bad % escape stops Valgrind (exit 1); an image the program execs under --trace-children=yes takes
  // "<name>.2", ... as its profile does (profile_file.h).
  trace_name = name_after_earlier_images(VG_(expand_file_name)("--trace-out", name), trace_of_earlier_image);
  // A device or a pipe is written in place; a regular file (or none yet) through a temporary file beside
  // it, renamed over it when the trace is whole (temporary_file.h).
  struct vg_stat status;
  const bool exists = !sr_isError(VG_(stat)(trace_name, &status));
  if (exists && VKI_S_ISDIR(status.mode)) {
    VG_(fmsg_bad_option)("--trace-out", "'%s' is a directory.\n", trace_name);
    VG_(exit)(1);
  }
  Int fd = -1;
  if (exists && !VKI_S_ISREG(status.mode)) {
    const SysRes opened = VG_(open)(trace_name, VKI_O_WRONLY, 0);
    fd = sr_isError(opened) ? -static_cast<Int>(sr_Err(opened)) : static_cast<Int>(sr_Res(opened));
  } else {
    replaces_file = exists;
    temporary_name =
        static_cast<HChar*>(VG_(malloc)("ccsim.trace.name", VG_(strlen)(trace_name) + kTemporaryExtra + 1));
    fd = create_temporary(trace_name, temporary_name);
  }
  if (fd < 0) {
    VG_(fmsg_bad_option)("--trace-out", "'%s' cannot be opened for writing: %s.\n", trace_name,
                         VG_(strerror)(static_cast<UWord>(-fd)));
    VG_(exit)(1);
  }
  file_fd = VG_(safe_fd)(fd);
}

void close_trace_out_in_tool() {
  if (file_fd < 0) return;
  VG_(close)(file_fd);
  file_fd = -1;
}

void start_trace_writer(Int tool_pid) {
  if (trace_name == nullptr) return;
  Int ends[2];
  if (VG_(pipe)(ends) != 0) {
    failed = true;
    return;
  }
  // zstd at its default level (3) on one thread. Level 1 was tried: on 2 cores no faster for the run
  // (zstd shares them with the program and the workers), and its traces 1.9 to 3.4 times larger on
  // hash_table and l1_hits (perf/README.md, "Traces").
  const HChar* arguments[] = {"zstd", "-q", "-c", "-", nullptr};
  const Int close_in_child[] = {ends[1], file_fd, -1};
  zstd_pid = start_zstd(zstd_path, arguments, ends[0], file_fd, close_in_child);
  VG_(close)(ends[0]);
  VG_(close)(file_fd);
  file_fd = -1;
  pipe_fd = ends[1];
  if (zstd_pid < 0) {
    failed = true;
    return;
  }
  write_header(tool_pid);
}

bool trace_writer_on() { return pipe_fd >= 0 && !failed; }

void trace_chunk(const std::uint32_t* words, std::uint32_t used) {
  write_word(used);
  write_words(words, SizeT(used) * 4);
}

bool finish_trace_writer() {
  if (trace_name == nullptr) return true;
  if (lost) return false;  // said when the file could not be made
  if (pipe_fd >= 0) {
    write_word(tf::kStreamEnd);
    VG_(close)(pipe_fd);
    pipe_fd = -1;
  }
  Int code = 0;
  const bool zstd_ok = zstd_pid > 0 && zstd_succeeded(zstd_pid, &code);
  if (!failed && zstd_ok) {
    if (temporary_name == nullptr || VG_(rename)(temporary_name, trace_name) == 0) return true;
    tool_message("ccsim: the trace could not be renamed to '%s'; it was removed.\n", trace_name);
    VG_(unlink)(temporary_name);
    return false;
  }
  if (temporary_name != nullptr) VG_(unlink)(temporary_name);
  const HChar* kept = replaces_file ? "; the file already there is left as it was" : "";
  if (zstd_pid <= 0) {
    tool_message("ccsim: the trace '%s' was not written: the zstd program could not be started%s.\n", trace_name,
                 kept);
  } else {
    tool_message("ccsim: the trace '%s' was not written whole: zstd ended with code %d (is the disk full?)%s.\n",
                 trace_name, code, kept);
  }
  return false;
}

void leave_trace_to_parent() {
  if (pipe_fd >= 0) VG_(close)(pipe_fd);
  pipe_fd = -1;
  zstd_pid = -1;
  trace_name = nullptr;
  temporary_name = nullptr;
}

void count_client_fork() { ++forks_seen; }

Int prepare_child_trace(HChar* name, HChar* temporary, SizeT room) {
  name[0] = temporary[0] = '\0';
  // Without a trace, or one written in place to a device or a pipe (one stream: the first process's).
  if (trace_name == nullptr || temporary_name == nullptr) {
    leave_trace_to_parent();
    return 0;
  }
  leave_trace_to_parent();  // from now on the names are the child's
  // A name without %p would be every process's: the child's pid goes after it (its own children's after
  // the name too, not after their parent's).
  HChar* expanded = VG_(expand_file_name)("--trace-out", trace_pattern);
  const bool fits = VG_(strlen)(expanded) + 16 + kTemporaryExtra < room;
  if (fits && VG_(strstr)(trace_pattern, "%p") == nullptr) {
    VG_(sprintf)(name, "%s.%d", expanded, VG_(getpid)());
  } else {
    VG_(strncpy)(name, expanded, room - 1);  // cut short when it does not fit: for the message
    name[room - 1] = '\0';
  }
  VG_(free)(expanded);
  if (!fits) return kNameTooLong;
  const Int fd = create_temporary(name, temporary);
  if (fd < 0) {
    temporary[0] = '\0';
    return -fd;
  }
  VG_(close)(fd);  // the worker opens it by name (open_temporary)
  trace_name = VG_(strdup)("ccsim.trace.name", name);
  temporary_name = VG_(strdup)("ccsim.trace.name", temporary);
  return 0;
}

void leave_trace_for_child() {
  if (trace_name != nullptr && ancestor_count < kMaxAncestors) {
    ancestors[ancestor_count++] = Ancestor{VG_(strdup)("ccsim.trace.parent", trace_name), recorded_pid, forks_seen};
  } else if (trace_name != nullptr) {
    ++ancestor_count;  // too deep: the child says so and writes none
  }
  leave_trace_to_parent();
  replaces_file = false;
  failed = false;
  lost = false;
  forks_seen = 0;
}

void start_child_trace(Int tool_pid, const HChar* name, const HChar* temporary, Int error) {
  if (name[0] == '\0' && error == 0) return;  // no trace for this process
  trace_name = VG_(strdup)("ccsim.trace.name", name);
  if (error == 0 && ancestor_count > kMaxAncestors) error = VKI_EMLINK;
  if (error == 0) {
    temporary_name = VG_(strdup)("ccsim.trace.name", temporary);
    struct vg_stat status;
    replaces_file = !sr_isError(VG_(stat)(trace_name, &status));
    file_fd = open_temporary(temporary_name);
    if (file_fd < 0) error = -file_fd;
  }
  if (error != 0) {
    if (temporary[0] != '\0') VG_(unlink)(temporary);
    temporary_name = nullptr;
    lost = true;
    const HChar* why = error == VKI_EMLINK     ? "the program forked more than 64 processes deep"
                       : error == kNameTooLong ? "its name is too long for its temporary file"
                                               : VG_(strerror)(static_cast<UWord>(error));
    tool_message("ccsim: the trace '%s' of this forked process cannot be written: %s.\n", trace_name, why);
    return;
  }
  start_trace_writer(tool_pid);
}

void remove_unfinished_trace() {
  // After the rename the name is gone (ENOENT); a new file under it would need another run to draw the
  // same random suffix in between (temporary_file.h).
  if (temporary_name != nullptr) VG_(unlink)(temporary_name);
}

}  // namespace ccsim
