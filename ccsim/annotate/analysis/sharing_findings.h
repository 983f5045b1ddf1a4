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

// One cache line of one data object (one extent of it: two blocks of one heap bin may share a line) and
// the bytes each thread used in it, with what the whole line says: a line's class comes from all the
// bytes of the line and from its invalidations, not from one object's bytes.
struct LineUse {
  std::size_t object = 0;  // index into Profile::objects
  std::uint64_t line_address = 0;
  std::int64_t offset_in_object = 0;  // negative when the object starts inside the line
  std::vector<ThreadBytes> threads;  // ascending thread id
  // Every object's bytes in this line, by thread, ascending thread id (empty: only `threads` is known).
  std::vector<ThreadBytes> line_threads = {};
  // The line's invalidations by class, every object's: each line-writer record's count split as the
  // invalidations its reference caused in that object on that thread (object-ref records) are. Both 0
  // when the profile gives no writers of the line.
  std::uint64_t true_sharing_invalidations = 0;
  std::uint64_t false_sharing_invalidations = 0;
};

// How a line is shared. True sharing: some thread writes a byte another thread reads or writes. False
// sharing: some thread writes bytes another thread does not touch, while that thread uses other bytes
// of the same line.
enum class Sharing { none, true_sharing, false_sharing, true_and_false_sharing };

// A kind of sharing (true, false) names a line's class when it has at least this share of the line's
// invalidations: a line with 1.5 M false and 6 true sharing invalidations is false sharing.
inline constexpr double kSharingClassShare = 0.1;

// The lines of the profile's line-detail records, in the order they first appear.
std::vector<LineUse> collect_line_uses(const Profile& profile);
// By the line's invalidations when it has some: each kind with at least kSharingClassShare of them;
// otherwise by the bytes the threads used in the whole line (or in `threads` when that is unknown).
Sharing classify(const LineUse& line);
// "thread 2 (worker) writes bytes 0-7 of the line": one thread's bytes, each shifted by `offset` (0: offsets in
// the line; the line's offset in the object: offsets in the object), each range followed by " of " `of`, what
// they count from (nothing when `of` is empty); the thread named as `profile` names it.
std::string thread_text(const Profile& profile, const ThreadBytes& use, std::int64_t offset, const std::string& of);

}  // namespace ccsim::annotate

#endif
