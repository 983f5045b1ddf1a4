// object_blocks.h: the block histograms of the profile's `block:` records (docs/data-objects.md, "Blocks"):
// per object, its buckets of line-sized blocks in address order, each with its byte range, its fields,
// its counts per thread, and whether threads' contiguous chunks meet there (chunk edges, a finding class
// of its own: each chunk's last line is its neighbour's first).
#ifndef CCSIM_ANNOTATE_OBJECT_BLOCKS_H
#define CCSIM_ANNOTATE_OBJECT_BLOCKS_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The counts of a `block:` record, kBlockCountNames order.
using BlockCounts = std::array<std::uint64_t, kBlockCounts>;
// The L1 misses of `counts`, all causes: compulsory, coherence, replacement and transfer.
inline std::uint64_t l1_misses_of(const BlockCounts& counts) { return counts[0] + counts[1] + counts[2] + counts[7]; }

// One bucket of an object (one or several whole blocks), all threads.
struct BlockBucket {
  std::uint64_t block = 0;  // the number of its first block: 0 holds the object's first byte
  std::uint64_t lines = 0;
  std::int64_t offset = 0;  // of its first line's first byte from the object's start
  // The object's bytes it holds, [first_byte, last_byte]; the object's size bounds them when the profile
  // gives one.
  std::uint64_t first_byte = 0, last_byte = 0;
  // The fields the profile names at its first and last byte ("data[120]", "data[127]"; empty when it
  // names none), and both as a label: "data[120]..data[127]", "pair.second" when one.
  std::string first_field, last_field;
  std::string fields;
  std::map<ThreadId, BlockCounts> threads;  // the threads with any count there
  BlockCounts total = {};

  std::uint64_t invalidations() const;  // received, true and false
  std::uint64_t l1_misses() const;
  std::uint64_t coherence_misses() const;
};

// Blocks where two threads' contiguous chunks meet and the invalidations there.
struct ChunkEdges {
  struct Edge {
    std::size_t bucket;  // index into ObjectBlocks::buckets
    ThreadId before, after;  // the thread of the chunk before the edge, and after it
  };
  std::vector<Edge> edges;  // the edges with invalidations, in address order
  std::uint64_t invalidations = 0;  // at those edges
  std::string sentence;  // what to do, and the edges named
};

struct ObjectBlocks {
  std::size_t object = 0;  // index into Profile::objects
  std::vector<BlockBucket> buckets;  // by address
  BlockCounts total = {};            // of the buckets
  // The object's counts (its object-counts: records) that are in no bucket: events past the tool's cap on
  // entries, or beyond its last bucket (docs/data-objects.md, "Blocks").
  BlockCounts not_in_blocks = {};
  bool has_edges = false;
  ChunkEdges edges;
};

// Every object with `block:` records, the most invalidations first, then the most L1 misses, then in the
// profile's order.
std::vector<ObjectBlocks> object_blocks(const Profile& profile);

// The objects of object_blocks() whose threads' chunks share their edge lines (ObjectBlocks::has_edges):
// a finding class of its own, said under the object's finding.
std::vector<ObjectBlocks> chunk_edge_objects(const Profile& profile);

// "data[120]..data[127]" from the fields at the first and last byte; one name when they are the same.
std::string field_range(const std::string& first, const std::string& last);

// "63 blocks", "1 bucket of 512 blocks": how many buckets an object has, and of how many blocks.
std::string buckets_text(const ObjectBlocks& blocks);

// "block 15 (bytes 960-1023, data[120]..data[127])"; "blocks 4-7 (...)" for a bucket of several.
std::string bucket_text(const BlockBucket& bucket);

}  // namespace ccsim::annotate

#endif
