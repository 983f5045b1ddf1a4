// temporary_file.h: a new file beside the one it will replace, which nobody can have planted: the
// profile (profile_file.h) and the trace (trace/trace_writer.h) are written there and renamed over their
// target only once whole, so a failed write leaves the file already there as it was, and a symlink or
// file planted under the name is never written through.
#ifndef CCSIM_TOOL_OUTPUT_TEMPORARY_FILE_H
#define CCSIM_TOOL_OUTPUT_TEMPORARY_FILE_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// The temporary file is "<target>.tmp.<suffix>": 10 letters and digits are 59 bits of chance, and the
// file is created with O_EXCL, so a name someone guessed and planted is never used.
constexpr const HChar* kTemporaryInfix = ".tmp.";
constexpr SizeT kSuffixLength = 10;
constexpr SizeT kTemporaryExtra = 5 + kSuffixLength;  // what the temporary name adds to the target's

// Creates "<target>.tmp.<random>" with O_EXCL|O_NOFOLLOW|O_CLOEXEC (mode 0644 less the umask), trying
// new names while one exists (a planted file or symlink, another run's temporary file); its name goes to
// `temporary` (room for the target's length + kTemporaryExtra + 1). Returns the fd or the errno negated.
Int create_temporary(const HChar* target, HChar* temporary);
// Opens for writing a temporary file another process of the run created (a forked child's trace, which
// its worker writes): never through a symlink planted under its name since. Returns the fd or the errno
// negated.
Int open_temporary(const HChar* temporary);

}  // namespace ccsim

#endif
