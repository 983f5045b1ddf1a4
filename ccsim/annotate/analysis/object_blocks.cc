// object_blocks.cc: gathers the `block:` records per object and finds chunk edges.
#include "ccsim/annotate/analysis/object_blocks.h"

#include <algorithm>
#include <set>

#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// The edges listed in a sentence; beyond them, "and N more".
constexpr std::size_t kEdgesNamed = 8;

void add_counts(BlockCounts& sum, const std::uint64_t* more) {
  for (std::size_t i = 0; i < kBlockCounts; ++i) sum[i] += more[i];
}

// The name of the innermost field holding byte `offset` of `object` (the smallest of those holding it),
// or empty.
std::string field_at(const std::vector<const ObjectField*>& fields, std::uint64_t offset) {
  const ObjectField* best = nullptr;
  for (const ObjectField* field : fields) {
    if (offset >= field->offset && offset - field->offset < field->size && (best == nullptr || field->size < best->size)) {
      best = field;
    }
  }
  return best == nullptr ? std::string() : best->name;
}

// The object's counts in kBlockCountNames order, from its object-counts: records.
BlockCounts object_totals(const Profile& profile, std::size_t object) {
  auto column = [&](const char* name) { return profile.event_index(name); };
  const std::vector<std::vector<std::optional<std::size_t>>> events = {
      {column("L1_miss_compulsory")},
      {column("L1_miss_coherence")},
      {column("L1_miss_replacement")},
      {column("coherence_miss_true")},
      {column("coherence_miss_false")},
      {column("invalidations_received_true_in_region"), column("invalidations_received_true_across_regions")},
      {column("invalidations_received_false_in_region"), column("invalidations_received_false_across_regions")},
      {column("L1_miss_transfer")}};
  BlockCounts totals = {};
  for (const ObjectThreadCounts& record : profile.object_counts) {
    if (record.object != object) continue;
    for (std::size_t i = 0; i < kBlockCounts; ++i) {
      for (const std::optional<std::size_t>& event : events[i]) {
        if (event && *event < record.counts.size()) totals[i] += record.counts[*event];
      }
    }
  }
  return totals;
}

// The threads that use every bucket of an object (an initialization, a final reduction, a reader of the
// whole): they have no chunk of their own, so they do not tell where chunks meet. Only for 3 buckets or
// more.
std::set<ThreadId> whole_object_threads(const std::vector<BlockBucket>& buckets) {
  std::set<ThreadId> everywhere;
  if (buckets.size() < 3) return everywhere;
  for (const auto& [thread, counts] : buckets.front().threads) everywhere.insert(thread);
  for (const BlockBucket& bucket : buckets) {
    for (auto it = everywhere.begin(); it != everywhere.end();) {
      it = bucket.threads.count(*it) != 0 ? std::next(it) : everywhere.erase(it);
    }
  }
  return everywhere;
}

// The edges of threads' contiguous chunks: single blocks used by two threads, the nearest block before
// used by one of them alone and the nearest block after by the other alone. A finding when the edges
// with invalidations hold more than half of the object's block invalidations. Not for buckets of
// several blocks: a chunk edge inside a bucket cannot be told from two threads using it all.
void find_chunk_edges(const ProfileHeader& header, ObjectBlocks& object) {
  const std::vector<BlockBucket>& buckets = object.buckets;
  for (const BlockBucket& bucket : buckets) {
    if (bucket.lines != 1) return;
  }
  const std::set<ThreadId> everywhere = whole_object_threads(buckets);
  std::vector<std::vector<ThreadId>> users(buckets.size());
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    for (const auto& [thread, counts] : buckets[i].threads) {
      if (everywhere.count(thread) == 0) users[i].push_back(thread);
    }
  }
  // The only user of the nearest bucket with exactly one, from `i` in direction `step`, or 0.
  auto lone_user = [&](std::size_t i, int step) -> ThreadId {
    for (std::size_t j = i + step; j < buckets.size(); j += step) {
      if (users[j].size() == 1) return users[j][0];
    }
    return 0;
  };
  ChunkEdges edges;
  std::uint64_t all_invalidations = 0;
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    all_invalidations += buckets[i].invalidations();
    if (users[i].size() != 2 || buckets[i].invalidations() == 0) continue;
    const ThreadId before = lone_user(i, -1);
    const ThreadId after = lone_user(i, 1);
    const bool meet = before != after && (before == users[i][0] || before == users[i][1]) &&
                      (after == users[i][0] || after == users[i][1]);
    if (!meet) continue;
    edges.edges.push_back({i, before, after});
    edges.invalidations += buckets[i].invalidations();
  }
  if (edges.edges.empty() || 2 * edges.invalidations <= all_invalidations) return;
  const std::string line = std::to_string(header.line_size);
  std::vector<std::string> named;
  for (std::size_t e = 0; e < edges.edges.size() && e < kEdgesNamed; ++e) {
    const ChunkEdges::Edge& edge = edges.edges[e];
    named.push_back(bucket_text(buckets[edge.bucket]) + " between threads " + std::to_string(edge.before) + " and " +
                    std::to_string(edge.after));
  }
  if (edges.edges.size() > kEdgesNamed) named.push_back("and " + std::to_string(edges.edges.size() - kEdgesNamed) + " more");
  edges.sentence = "threads' chunks share their edge lines: align each chunk to " + line +
                   " bytes (or make each chunk a multiple of " + line + " bytes); " +
                   with_commas(edges.invalidations) + " of its " + with_commas(all_invalidations) +
                   " invalidations fall on " + std::to_string(edges.edges.size()) + " edge block" +
                   (edges.edges.size() == 1 ? "" : "s") + ": " + joined(named, "; ");
  object.has_edges = true;
  object.edges = std::move(edges);
}

}  // namespace

std::uint64_t BlockBucket::invalidations() const { return total[5] + total[6]; }
std::uint64_t BlockBucket::l1_misses() const { return l1_misses_of(total); }
std::uint64_t BlockBucket::coherence_misses() const { return total[3] + total[4]; }

std::vector<ObjectBlocks> chunk_edge_objects(const Profile& profile) {
  std::vector<ObjectBlocks> objects = object_blocks(profile);
  objects.erase(std::remove_if(objects.begin(), objects.end(), [](const ObjectBlocks& o) { return !o.has_edges; }),
                objects.end());
  return objects;
}

std::string buckets_text(const ObjectBlocks& blocks) {
  const std::size_t count = blocks.buckets.size();
  const std::uint64_t lines = blocks.buckets.front().lines;
  if (lines == 1) return std::to_string(count) + (count == 1 ? " block" : " blocks");
  return std::to_string(count) + (count == 1 ? " bucket" : " buckets") + " of " + std::to_string(lines) + " blocks";
}

std::string field_range(const std::string& first, const std::string& last) {
  if (first == last || last.empty()) return first;
  return first.empty() ? last : first + ".." + last;
}

std::string bucket_text(const BlockBucket& bucket) {
  std::string text = bucket.lines == 1 ? "block " + std::to_string(bucket.block)
                                       : "blocks " + std::to_string(bucket.block) + "-" +
                                             std::to_string(bucket.block + bucket.lines - 1);
  text += " (bytes " + std::to_string(bucket.first_byte) + "-" + std::to_string(bucket.last_byte);
  if (!bucket.fields.empty()) text += ", " + bucket.fields;
  return text + ")";
}

std::vector<ObjectBlocks> object_blocks(const Profile& profile) {
  const std::int64_t line_size = static_cast<std::int64_t>(profile.header.line_size);
  std::map<std::size_t, std::map<std::int64_t, BlockBucket>> by_object;  // object -> offset -> bucket
  for (const ObjectBlock& record : profile.blocks) {
    BlockBucket& bucket = by_object[record.object][record.offset];
    bucket.offset = record.offset;
    bucket.lines = std::max(bucket.lines, record.lines);
    add_counts(bucket.threads[record.thread], record.counts);
    add_counts(bucket.total, record.counts);
  }
  std::vector<ObjectBlocks> objects;
  for (auto& [object, buckets] : by_object) {
    const DataObject& data = profile.objects[object];
    std::vector<const ObjectField*> fields;
    for (const ObjectField& field : profile.object_fields) {
      if (field.object == object) fields.push_back(&field);
    }
    ObjectBlocks blocks;
    blocks.object = object;
    for (auto& [offset, bucket] : buckets) {
      // The object's start within its first line: how far before it that line starts.
      const std::int64_t start = ((-offset) % line_size + line_size) % line_size;
      bucket.block = static_cast<std::uint64_t>((offset + start) / line_size);
      bucket.first_byte = static_cast<std::uint64_t>(std::max<std::int64_t>(offset, 0));
      std::uint64_t end = static_cast<std::uint64_t>(offset + static_cast<std::int64_t>(bucket.lines) * line_size);
      if (data.size != 0 && end > data.size) end = std::max(data.size, bucket.first_byte + 1);
      bucket.last_byte = end - 1;
      bucket.first_field = field_at(fields, bucket.first_byte);
      bucket.last_field = field_at(fields, bucket.last_byte);
      bucket.fields = field_range(bucket.first_field, bucket.last_field);
      add_counts(blocks.total, bucket.total.data());
      blocks.buckets.push_back(std::move(bucket));
    }
    const BlockCounts totals = object_totals(profile, object);
    for (std::size_t i = 0; i < kBlockCounts; ++i) {
      blocks.not_in_blocks[i] = totals[i] > blocks.total[i] ? totals[i] - blocks.total[i] : 0;
    }
    find_chunk_edges(profile.header, blocks);
    objects.push_back(std::move(blocks));
  }
  std::stable_sort(objects.begin(), objects.end(), [](const ObjectBlocks& a, const ObjectBlocks& b) {
    const std::uint64_t a_inv = a.total[5] + a.total[6], b_inv = b.total[5] + b.total[6];
    if (a_inv != b_inv) return a_inv > b_inv;
    return a.total[0] + a.total[1] + a.total[2] > b.total[0] + b.total[1] + b.total[2];
  });
  return objects;
}

}  // namespace ccsim::annotate
