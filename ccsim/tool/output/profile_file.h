// profile_file.h: the file the profile goes to. Its name is checked before the client runs; the profile
// is written into a temporary file nobody else can have planted (created with O_EXCL|O_NOFOLLOW under
// an unpredictable name, in the target's directory), every write is checked, the file is synced, and
// only then renamed over the target. When anything fails the user is told why in one sentence, the
// temporary file is removed, and whatever file had the target's name is left as it was.
#ifndef CCSIM_TOOL_OUTPUT_PROFILE_FILE_H
#define CCSIM_TOOL_OUTPUT_PROFILE_FILE_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Expands --ccsim-out-file (bad `%` escapes stop Valgrind with its own message, exit 1; a regular file of
// that name written by an earlier image of this process, which an exec replaced under
// --trace-children=yes, gives the first free "<name>.2", "<name>.3", ...: client_exec.h) and checks that
// the profile can be written there: the temporary file's name fits NAME_MAX, the target is not a
// directory, and its directory exists and is writable (or, for a target written in place, that it can be
// opened for writing). Stops Valgrind with one sentence and exit 1 otherwise. Called before the client
// runs, so that a run is never lost to a bad name.
void check_profile_destination();

// With --trace-children=yes an image the program execs runs under ccsim too, in the same process: %p
// names the same file as the earlier image's. The first of `name`, "<name>.2", "<name>.3", ... that
// `taken` says no earlier image of this process wrote (`started_ns`: when this process started): for the
// profile, a profile with this pid written since then; for the trace (trace/trace_writer.h), likewise.
HChar* name_after_earlier_images(HChar* name, bool (*taken)(const HChar* path, ULong started_ns));
// Whether `path` is a regular file (not a symlink, which is written in place) last written since
// `started_ns`, less a second (the clocks are read at slightly different moments, and the process's start
// counts whole ticks).
bool written_since(const HChar* path, ULong started_ns);

// The process whose profile is written (its `pid:` record and the %p of --ccsim-out-file): this one, or,
// in a simulation worker (workers/worker_process.h), the tool's process whose calls it made, which
// set_profile_owner names with the name that process expanded (profile_target_name(): a worker serving a
// process the program forked is not that process's copy, and %p, %n and %q are that process's).
Int profile_pid();
const HChar* profile_target_name();
void set_profile_owner(Int pid, const HChar* expanded_name);

// A profile being written: text is formatted into a buffer and written out when the buffer is full, and
// every write is checked. After the first failed write the rest of the text is dropped and the error is
// kept for finish_profile_file to report.
class ProfileFile {
 public:
  // Valgrind's printf format (VG_(fprintf)'s, including %' for thousands separators).
  void printf(const HChar* format, ...) PRINTF_CHECK(2, 3);

  // Writes out what is buffered; false (with error_ set) when a write failed.
  bool flush();

  Int fd = -1;
  bool in_place = false;        // the target itself is written (see open_profile_file)
  HChar* target = nullptr;      // the expanded --ccsim-out-file name
  HChar* temporary = nullptr;   // the temporary file beside it, or nullptr when written in place
  Int error = 0;                // errno of the first failed write, 0 while all went well

 private:
  static void add_char(HChar c, void* self);

  // 64 KiB: a profile is written in a few hundred system calls even when it is tens of MiB.
  static constexpr UInt kBufferBytes = 64 * 1024;
  UInt buffered_ = 0;
  HChar buffer_[kBufferBytes];
};

// Opens the file the profile is written to. A target that is a symlink or not a regular file (a device
// such as /dev/null, /dev/stdout, a pipe) is written in place, appended to when the file it names is a
// regular file (so stdout redirected to a file keeps what the client printed); anything else gets a
// fresh temporary file that finish_profile_file renames over the target. Returns nullptr after telling
// the user why when the file cannot be opened.
ProfileFile* open_profile_file();

// Flushes, syncs and closes the file and renames the temporary file over the target; frees `file`.
// Returns true when the whole profile is under the target's name; otherwise tells the user why, removes
// the temporary file and leaves the target as it was.
bool finish_profile_file(ProfileFile* file);

}  // namespace ccsim

#endif
