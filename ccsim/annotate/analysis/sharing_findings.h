// sharing_findings.h: what the line-detail records of a hot cache line say about it: which bytes each
// thread read and wrote, and whether that is true or false sharing (findings.h builds on it).
#ifndef CCSIM_ANNOTATE_SHARING_FINDINGS_H
#define CCSIM_ANNOTATE_SHARING_FINDINGS_H

#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The bytes of one line one thread used (several line-detail records of a thread are united).
struct ThreadBytes {
  ThreadId thread = 0;
  ByteRanges read;
  ByteRanges written;
};

// One cache line of one data object and the bytes each thread used in it.
struct LineUse {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t line_address = 0;
  std::int64_t offset_in_object = 0;  // negative when the object starts inside the line
  std::vector<ThreadBytes> threads;  // ascending thread id
};

// How a line is shared. True sharing: some thread writes a byte another thread reads or writes. False
// sharing: some thread writes bytes another thread does not touch, while that thread uses other bytes
// of the same line.
enum class Sharing { none, true_sharing, false_sharing, true_and_false_sharing };

// The lines of the profile's line-detail records, in the order they first appear.
std::vector<LineUse> collect_line_uses(const Profile& profile);
Sharing classify(const LineUse& line);
// "thread 2 writes bytes 0-7": one thread's bytes, each shifted by `offset` (0: offsets in the line;
// the line's offset in the object: offsets in the object).
std::string thread_text(const ThreadBytes& use, std::int64_t offset);

}  // namespace ccsim::annotate

#endif
