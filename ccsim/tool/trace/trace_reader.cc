// trace_reader.cc: a trace's chunks fed to the simulation workers in place of the program's calls.
#include "ccsim/tool/trace/trace_reader.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/trace/program_file.h"
#include "ccsim/tool/trace/zstd_process.h"
#include "ccsim/tool/workers/stream_records.h"
#include "ccsim/tool/workers/worker_process.h"
#include "ccsim/trace/format.h"

namespace ccsim {
namespace {

namespace tf = trace_format;

// The options that may differ between the recorded run and its re-simulation: what the workers do with
// the stream (the caches, the order and its buffers, the profile's tables and name, the workers
// themselves), never what the program's threads recorded into it. Matched by name, up to the '='.
const HChar* const kSimulationOptions[] = {
    "--L1", "--L2", "--LLC", "--miss-classes", "--sim-mode", "--quantum", "--schedule", "--seed", "--max-buffer",
    "--line-detail", "--block-histograms", "--block-objects", "--phases", "--timeline", "--working-set",
    "--set-histograms", "--ccsim-out-file", "--ccsim-progress-interval", "--sim-threads", "--sim-shards", "--trace-in", "--trace-out",
    "--sim-worker-fail-after", "--sim-worker-stall-after", "--sim-worker-hang-seconds", "--sim-stage-queue-bytes",
    "--sim-worker-dies-at-end", "-q", "--quiet", "-v", "--verbose", "--log-file", "--log-fd", "--log-socket"};

const HChar* trace_path = nullptr;  // --trace-in's file (null without it)
const HChar* profile_name = nullptr;
// The trace being read: --trace-in's, or one it continues (a forked process's parent's, or theirs).
const HChar* source_path = nullptr;
Int stream_fd = -1;  // zstd's output: the trace decompressed
Int zstd_pid = -1;

// A process the program forked: the traces its stream continues, the run's first process first, each
// with the number of the fork its line came from (ccsim/trace/format.h, kParentTrace).
struct ParentTrace {
  HChar* path;
  Long pid;  // the process it is the trace of (its header's kPid)
  std::uint32_t fork;
};
constexpr std::uint32_t kMaxParents = 64;  // as the writer keeps (trace_writer.cc)
ParentTrace parents[kMaxParents];
std::uint32_t parent_count = 0;   // of --trace-in's trace
std::uint32_t parents_seen = 0;   // kParentTrace fields in the header being read
// An ancestor's header names other ancestors (fork or pid) than the first of --trace-in's: it is not the
// trace of the process that forked the next one.
bool other_ancestry = false;
Long pid_seen = 0;                // the kPid of the header being read

// One sentence (a printf format of up to four strings) and exit 1.
[[noreturn]] void refuse(const HChar* format, const HChar* a, const HChar* b = nullptr, const HChar* c = nullptr,
                         const HChar* d = nullptr) {
  VG_(umsg)(format, a, b, c, d);
  VG_(exit)(1);
  __builtin_unreachable();
}

bool read_word(std::uint32_t* word) { return read_fully(stream_fd, word, sizeof *word); }

// One header field's kind and text (to release()), or false at the header's end; a damaged header is
// refused.
bool read_field(std::uint32_t* kind, HChar** text) {
  std::uint32_t bytes = 0;
  if (!read_word(kind) || !read_word(&bytes) || bytes > (1u << 20)) {
    refuse("ccsim: the trace '%s' is damaged (its header is cut short).\n", source_path);
  }
  if (*kind == tf::kEnd) return false;
  *text = static_cast<HChar*>(allocate("ccsim.trace.header", tf::padded_words(bytes) * 4 + 1));
  if (!read_fully(stream_fd, *text, tf::padded_words(bytes) * 4)) {
    refuse("ccsim: the trace '%s' is damaged (its header is cut short).\n", source_path);
  }
  (*text)[bytes] = '\0';
  return true;
}

bool is_simulation_option(const HChar* argument) {
  for (const HChar* name : kSimulationOptions) {
    const SizeT length = VG_(strlen)(name);
    if (VG_(strncmp)(argument, name, length) == 0 && (argument[length] == '=' || argument[length] == '\0')) {
      return true;
    }
  }
  return false;
}

// This run's arguments of Valgrind from its command line (after those of ~/.valgrindrc and
// $VALGRIND_OPTS, which both runs read), without the simulation's options, from `*next` on: the next one,
// or null past the last.
const HChar* next_recording_option(Word* next) {
  XArray* arguments = VG_(args_for_valgrind);
  while (*next < VG_(sizeXA)(arguments)) {
    const HChar* argument = *static_cast<HChar**>(VG_(indexXA)(arguments, (*next)++));
    if (!is_simulation_option(argument)) return argument;
  }
  return nullptr;
}

// One kParentTrace field, "<fork> <pid> <path>", of the header being read: kept when it is --trace-in's;
// in an ancestor's header, checked against the one --trace-in's names in its place (its fork and pid: the
// path may differ, for a family moved together).
void note_parent(const HChar* text) {
  HChar* rest = nullptr;
  const Long fork = VG_(strtoll10)(text, &rest);
  const Long pid = *rest == ' ' ? VG_(strtoll10)(rest + 1, &rest) : 0;
  if (fork <= 0 || pid <= 0 || *rest != ' ' || rest[1] != '/') {
    refuse("ccsim: the trace '%s' is damaged (a trace it continues is misnamed).\n", source_path);
  }
  if (parents_seen >= kMaxParents) {
    refuse("ccsim: the trace '%s' is damaged (it continues more than 64 traces, which ccsim never writes).\n",
           source_path);
  }
  if (source_path == trace_path) {
    parents[parents_seen] =
        ParentTrace{VG_(strdup)("ccsim.trace.parent", rest + 1), pid, static_cast<std::uint32_t>(fork)};
    parent_count = parents_seen + 1;
  } else if (parents_seen >= parent_count || parents[parents_seen].pid != pid ||
             parents[parents_seen].fork != static_cast<std::uint32_t>(fork)) {
    other_ancestry = true;
  }
  ++parents_seen;
}

// The header against this run: the same program, arguments, file and recording options.
void check_header() {
  parents_seen = 0;
  other_ancestry = false;
  pid_seen = 0;
  std::uint32_t magic = 0, version = 0;
  if (!read_word(&magic) || magic != tf::kMagic) {
    refuse("ccsim: '%s' is not a ccsim trace (or zstd cannot read it).\n", source_path);
  }
  if (!read_word(&version) || version != tf::kVersion) {
    VG_(umsg)("ccsim: the trace '%s' has format version %u; this ccsim reads version %u.\n", source_path, version,
              tf::kVersion);
    VG_(exit)(1);
  }
  Word next_argument = 0;
  Word next_option = VG_(args_for_valgrind_noexecpass);
  bool stamped = false;
  bool streamed = false;
  std::uint32_t kind = 0;
  HChar* text = nullptr;
  while (read_field(&kind, &text)) {
    switch (kind) {
      case tf::kProgram:
        if (VG_(strcmp)(text, VG_(args_the_exename)) != 0) {
          refuse("ccsim: the trace '%s' was recorded from the program '%s', not '%s': ccsim-sim runs the "
                 "recorded command.\n", source_path, text, VG_(args_the_exename));
        }
        break;
      case tf::kArgument: {
        XArray* arguments = VG_(args_for_client);
        const HChar* own = next_argument < VG_(sizeXA)(arguments)
                               ? *static_cast<HChar**>(VG_(indexXA)(arguments, next_argument++))
                               : "(none)";
        if (VG_(strcmp)(text, own) != 0) {
          refuse("ccsim: the trace '%s' was recorded with the program's argument '%s' where this run has '%s': "
                 "ccsim-sim runs the recorded command.\n", source_path, text, own);
        }
        break;
      }
      case tf::kValgrindArgument: {
        if (is_simulation_option(text)) break;
        const HChar* own = next_recording_option(&next_option);
        if (own == nullptr || VG_(strcmp)(text, own) != 0) {
          refuse("ccsim: the trace '%s' was recorded with '%s' where this run has '%s': only the simulation's "
                 "options may change (docs/traces.md).\n", source_path, text, own != nullptr ? own : "nothing");
        }
        break;
      }
      case tf::kProgramStamp: {
        HChar own[64];
        stamped = true;
        if (!program_stamp(VG_(args_the_exename), own, sizeof own) || VG_(strcmp)(own, text) != 0) {
          refuse("ccsim: the program '%s' has changed since the trace '%s' was recorded (its size or time of "
                 "change differs): record the trace again.\n", VG_(args_the_exename), source_path);
        }
        break;
      }
      case tf::kStream:
        streamed = true;
        if (VG_(strcmp)(text, stream_description()) != 0) {
          refuse("ccsim: the trace '%s' was written by %s, whose records this build (%s) does not read: "
                 "simulate it with that ccsim, or record it again.\n", source_path, text, stream_description());
        }
        break;
      case tf::kParentTrace:
        note_parent(text);
        break;
      case tf::kPid:
        pid_seen = VG_(strtoll10)(text, nullptr);
        break;
      default:
        break;  // the directory, the launcher, the pid: ccsim-sim's
    }
    release(text);
  }
  if (next_argument != VG_(sizeXA)(VG_(args_for_client))) {
    refuse("ccsim: the trace '%s' was recorded with fewer arguments of the program: ccsim-sim runs the recorded "
           "command.\n", source_path);
  }
  if (const HChar* extra = next_recording_option(&next_option)) {
    refuse("ccsim: this run has '%s', which the trace '%s' was not recorded with: only the simulation's options "
           "may change (docs/traces.md).\n", extra, source_path);
  }
  if (!streamed) refuse("ccsim: the trace '%s' is damaged (it does not say which records it holds).\n", source_path);
  if (!stamped) refuse("ccsim: the trace '%s' is damaged (it does not describe the program's file).\n", source_path);
}

// Starts reading the trace at `path` (zstd decompressing it) and checks its header. `continued`: the trace
// of the process that forked --trace-in's (or of an ancestor), as its header names it.
void open_source(const HChar* path, const HChar* continued = nullptr) {
  source_path = path;
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened) && continued != nullptr) {
    refuse("ccsim: the trace '%s' continues the trace '%s' of the process that forked it, which cannot be opened: "
           "%s.\n", trace_path, path, VG_(strerror)(sr_Err(opened)));
  }
  if (sr_isError(opened)) refuse("ccsim: the trace '%s' cannot be opened: %s.\n", path, VG_(strerror)(sr_Err(opened)));
  stream_fd = start_decompressing(zstd_program(), static_cast<Int>(sr_Res(opened)), &zstd_pid);
  if (stream_fd < 0) refuse("ccsim: the trace '%s' cannot be read: zstd could not be started.\n", path);
  check_header();
}

// Stops reading, whether or not the trace was read to its end (zstd then ends on the closed pipe);
// returns whether zstd ended well.
bool close_source() {
  VG_(close)(stream_fd);
  stream_fd = -1;
  Int code = 0;
  return zstd_succeeded(zstd_pid, &code);
}

// Where the records of `words[0, used)` (a chunk: stream_records.h) end after the ClientFork record that
// makes `*forks` reach `fork`; `used` when none does (`*forks` counts on).
std::uint32_t words_through_fork(const std::uint32_t* words, std::uint32_t used, std::uint32_t fork,
                                 std::uint32_t* forks) {
  using namespace stream_records;
  std::uint32_t at = 0;
  while (at < used) {
    const std::uint32_t shape = words[at + 1];
    if (shape >> kTagShift == kNarrowAccess) {
      at += kNarrowWords;
    } else if (shape >> kTagShift == kWideAccess) {
      at += kWideWords;
    } else {
      const bool client_fork = (shape & ~(3u << kTagShift)) == static_cast<std::uint32_t>(StreamOp::ClientFork);
      at += kOperationHeaderWords + words[at];
      if (client_fork && ++*forks == fork) return at;
    }
  }
  return used;
}

// Hands the workers the chunks of the trace being read: to its end when `through_fork` is 0 (true when it
// ends as a whole trace does), else up to and including its `through_fork`-th ClientFork record, where the
// child's stream goes on (true when it gets there).
bool feed_chunks(std::uint32_t through_fork) {
  std::uint32_t forks = 0;
  for (;;) {
    std::uint32_t used = 0;
    if (!read_word(&used)) return false;
    if (used == tf::kStreamEnd) return through_fork == 0;
    if (used > tf::kMaxChunkWords) return false;
    RingChunk* chunk = take_chunk_to_fill();
    if (!read_fully(stream_fd, chunk->words, SizeT(used) * 4)) return false;
    const std::uint32_t fed = through_fork != 0 ? words_through_fork(chunk->words, used, through_fork, &forks) : used;
    hand_over_filled_chunk(fed);
    if (through_fork != 0 && forks == through_fork) return true;
  }
}

// A family of traces moved together to another directory: a parent's trace that is not at its recorded
// path is looked for beside --trace-in's trace, under its own file name (its pid is checked all the same).
void look_beside_trace(ParentTrace* parent) {
  struct vg_stat status;
  if (!sr_isError(VG_(stat)(parent->path, &status))) return;
  const HChar* name = VG_(strrchr)(parent->path, '/') + 1;  // a recorded path is absolute
  const HChar* slash = VG_(strrchr)(trace_path, '/');
  const SizeT directory = slash != nullptr ? static_cast<SizeT>(slash - trace_path) + 1 : 0;
  HChar* beside = static_cast<HChar*>(VG_(malloc)("ccsim.trace.parent", directory + VG_(strlen)(name) + 1));
  VG_(memcpy)(beside, trace_path, directory);
  VG_(strcpy)(beside + directory, name);
  if (sr_isError(VG_(stat)(beside, &status))) {
    VG_(free)(beside);
    return;  // the recorded path is told as missing
  }
  parent->path = beside;
}

}  // namespace

void open_trace_in(const HChar* path) {
  trace_path = path;
  if (zstd_program() == nullptr) {
    refuse("ccsim: the trace '%s' cannot be read: traces are compressed by the zstd program, which is not "
           "installed (Debian package zstd).\n", path);
  }
  open_source(path);
  close_source();
  // The traces it continues are checked as well, before anything is simulated: each one's own header names
  // the ones before it.
  for (std::uint32_t i = 0; i < parent_count; ++i) look_beside_trace(&parents[i]);
  for (std::uint32_t i = 0; i < parent_count; ++i) {
    open_source(parents[i].path, trace_path);
    close_source();
    if (pid_seen != parents[i].pid) {
      HChar pids[64];
      VG_(sprintf)(pids, "process %lld, not %lld", static_cast<long long>(pid_seen), static_cast<long long>(parents[i].pid));
      refuse("ccsim: the trace '%s' is not the one the trace '%s' continues: it is the trace of %s (recorded again "
             "since?).\n", parents[i].path, trace_path, pids);
    }
    // The i-th ancestor continues the i before it, as --trace-in's trace names them; it forked the next.
    if (parents_seen != i || other_ancestry) {
      refuse("ccsim: the trace '%s' is not the trace of the process that forked '%s' (it continues %s traces, not "
             "the ones '%s' names).\n", parents[i].path, i + 1 < parent_count ? parents[i + 1].path : trace_path,
             parents_seen == 0 ? "no" : "other", trace_path);
    }
  }
  profile_name = VG_(strdup)("ccsim.trace.name", profile_target_name());
}

bool reading_trace() { return trace_path != nullptr; }

const HChar* stream_description() {
  static HChar text[64];
  if (text[0] == '\0') {
    VG_(snprintf)(text, sizeof text, "ccsim %s stream %u", CCSIM_VERSION, stream_records::kStreamVersion);
  }
  return text;
}

const HChar* trace_profile_name() { return profile_name; }

void feed_trace_and_exit() {
  // A forked process's stream: each ancestor's up to the fork its line came from, then its own.
  for (std::uint32_t i = 0; i < parent_count; ++i) {
    open_source(parents[i].path, trace_path);
    const bool reached = feed_chunks(parents[i].fork);
    close_source();
    if (!reached) {
      VG_(umsg)("ccsim: the trace '%s' ends before the fork that the trace '%s' continues from (cut short or "
                "damaged); no profile was written.\n", parents[i].path, trace_path);
      VG_(exit)(1);
    }
  }
  open_source(trace_path);
  const bool whole = feed_chunks(0);
  const bool zstd_ok = close_source();
  if (!whole || !zstd_ok) {
    VG_(umsg)("ccsim: the trace '%s' ends before the recorded run did (cut short or damaged); no profile was "
              "written.\n", trace_path);
    VG_(exit)(1);
  }
  VG_(exit)(await_simulation_end() ? 0 : 1);
  __builtin_unreachable();
}

}  // namespace ccsim
