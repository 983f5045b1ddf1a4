// format.h: the layout of a ccsim trace (--trace-out=FILE; docs/traces.md), shared by the tool, which
// writes and reads it, and the host program ccsim-sim, which reads its header. Plain C++: no Valgrind
// and no host header.
//
// A trace is one zstd stream (written and read through the `zstd` program inside Valgrind, through
// libzstd in ccsim-sim). Decompressed, it is little-endian 32-bit words:
//   - kMagic, kVersion;
//   - the header: fields of (kind, byte count, the bytes padded with zeros to whole words), ending with a
//     field of kind kEnd and no bytes. What the re-simulation must repeat to start from the recorded
//     run's state: the program and its arguments, Valgrind's arguments, the directory it ran in, the
//     Valgrind it ran under, the program's size and time of change, and which records the stream holds;
//     in the trace of a process the program forked, also where its stream starts (kParentTrace);
//   - the recorded stream: records of (word count, the words), each a chunk of the ring the simulation
//     workers read (ccsim/tool/workers/shared_ring.h, stream_records.h), in order, at most kMaxChunkWords
//     words; then kStreamEnd. A trace without kStreamEnd was cut short.
#ifndef CCSIM_TRACE_FORMAT_H
#define CCSIM_TRACE_FORMAT_H

#include <cstdint>

namespace ccsim {
namespace trace_format {

constexpr std::uint32_t kMagic = 0x52544343u;  // "CCTR" in a little-endian word
// 2: kParentTrace, the traces of forked processes.
constexpr std::uint32_t kVersion = 2;

// Header fields. A field may come several times (the arguments, in order); every other field once.
enum FieldKind : std::uint32_t {
  kEnd = 0,            // the header's last field (no bytes)
  kProgram = 1,        // the program as Valgrind was given it (its first client argument)
  kArgument = 2,       // each of the program's arguments, in order
  kValgrindArgument = 3,  // each of Valgrind's own arguments (--tool=ccsim and the options), in order
  kDirectory = 4,      // the directory the run started in
  kLauncher = 5,       // the valgrind program that ran it ($VALGRIND_LAUNCHER)
  kValgrindLib = 6,    // $VALGRIND_LIB when it was set (a Valgrind run from a build tree), else absent
  kPid = 7,            // the recorded process's pid, in decimal (its profile's pid: line)
  kProgramStamp = 8,   // "<size> <modification time in seconds>" of the program's file
  kStream = 9,         // "ccsim <version> stream <records' version>": the stream's records (stream_records.h)
  // A process the program forked: its stream continues its parent's at the parent's n-th fork. One field
  // per ancestor, the run's first process first: "<n> <the ancestor's pid> <its trace, an absolute path>"
  // (the pid tells that trace from one recorded again under its name). The re-simulation feeds each
  // ancestor's stream up to and including its n-th ClientFork record, then the next one's from its start,
  // then this trace's.
  kParentTrace = 10,
};

// The recorded stream's records: a word count up to kMaxChunkWords, or kStreamEnd.
constexpr std::uint32_t kMaxChunkWords = (64 * 1024 - 64) / 4;  // RingChunk::kWords
constexpr std::uint32_t kStreamEnd = 0xffffffffu;

// A field's bytes rounded up to whole words.
constexpr std::uint32_t padded_words(std::uint32_t bytes) { return (bytes + 3) / 4; }

}  // namespace trace_format
}  // namespace ccsim

#endif
