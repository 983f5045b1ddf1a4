// view_blocks.cc: --view=blocks, inside each object with block histograms (`block:` records): per
// line-sized block, or bucket of blocks, its L1 misses by cause, coherence misses and invalidations
// received, and which threads had them. Runs of blocks alike (the same threads, the same counts) are one
// row, so an array split among threads reads as a few rows per chunk. The chunk-edge finding follows
// its object's table.
#include <set>

#include "ccsim/annotate/analysis/object_blocks.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

std::string pair_text(std::uint64_t a, std::uint64_t b) {
  return a == 0 && b == 0 ? std::string(".") : with_commas(a) + "/" + with_commas(b);
}

// "compulsory/coherence/replacement", and "/transfer" for a profile that counts transfer misses (version 2).
std::string misses_text(const BlockCounts& counts, bool transfers) {
  if (l1_misses_of(counts) == 0) return ".";
  return with_commas(counts[0]) + "/" + with_commas(counts[1]) + "/" + with_commas(counts[2]) +
         (transfers ? "/" + with_commas(counts[7]) : "");
}

std::string threads_text(const BlockBucket& bucket) {
  std::vector<std::string> threads;
  for (const auto& [thread, counts] : bucket.threads) threads.push_back(std::to_string(thread));
  return joined(threads, " ");
}

// Whether `next` continues a run that `first` started: adjacent, the same threads, the same counts.
bool alike(const BlockBucket& previous, const BlockBucket& next) {
  if (next.block != previous.block + previous.lines || next.lines != previous.lines) return false;
  if (next.total != previous.total || next.threads.size() != previous.threads.size()) return false;
  for (auto a = previous.threads.begin(), b = next.threads.begin(); a != previous.threads.end(); ++a, ++b) {
    if (a->first != b->first) return false;
  }
  return true;
}

void print_object(const ViewContext& context, const ObjectBlocks& blocks) {
  const Profile& profile = context.profile();
  const std::uint64_t lines = blocks.buckets.front().lines;
  context.out << object_description(profile.objects[blocks.object]) << ": " << buckets_text(blocks) << " with events ("
              << profile.header.line_size << " B blocks); " << with_commas(blocks.total[5] + blocks.total[6])
              << " invalidations received, " << with_commas(l1_misses_of(blocks.total))
              << " L1 misses\n";
  TextTable table;
  table.add_column(lines == 1 ? "block" : "blocks", TextTable::Align::right);
  table.add_column("bytes", TextTable::Align::right);
  table.add_column("L1 misses", TextTable::Align::right);
  table.add_column("coherence misses", TextTable::Align::right);
  table.add_column("invalidations", TextTable::Align::right);
  table.add_column("threads", TextTable::Align::left);
  table.add_column("fields", TextTable::Align::left);
  for (std::size_t i = 0; i < blocks.buckets.size();) {
    std::size_t end = i + 1;
    while (end < blocks.buckets.size() && alike(blocks.buckets[end - 1], blocks.buckets[end])) ++end;
    const BlockBucket& first = blocks.buckets[i];
    const BlockBucket& last = blocks.buckets[end - 1];
    const std::uint64_t last_block = last.block + last.lines - 1;
    std::string which = first.block == last_block ? std::to_string(first.block)
                                                  : std::to_string(first.block) + "-" + std::to_string(last_block);
    if (end - i > 1) which += " (each)";
    table.add_row({which, std::to_string(first.first_byte) + "-" + std::to_string(last.last_byte),
                   misses_text(first.total, profile.header.version >= 2), pair_text(first.total[3], first.total[4]),
                   pair_text(first.total[5], first.total[6]), threads_text(first),
                   field_range(first.first_field, last.last_field)});
    i = end;
  }
  table.print(context.out);
  if (blocks.has_edges) context.out << "chunk edges: " << blocks.edges.sentence << ".\n";
  const BlockCounts& rest = blocks.not_in_blocks;
  if (l1_misses_of(rest) + rest[5] + rest[6] != 0) {
    context.out << "not in a block (past the tool's cap on entries, or beyond the last bucket): "
                << with_commas(l1_misses_of(rest)) << " L1 misses, " << with_commas(rest[5] + rest[6])
                << " invalidations received\n";
  }
  context.out << "\n";
}

}  // namespace

void print_blocks_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Blocks of data objects");
  std::vector<ObjectBlocks> objects = object_blocks(profile);
  std::size_t shown = 0, hidden = 0;
  for (const ObjectBlocks& blocks : objects) {
    if (context.analysis.runtime_objects[blocks.object] && !context.options.show_runtime) {
      ++hidden;
      continue;
    }
    if (shown == context.options.top) break;
    print_object(context, blocks);
    ++shown;
  }
  if (shown == 0) {
    context.out << (profile.blocks.empty()
                        ? "This profile has no block: records (valgrind --tool=ccsim --block-histograms=N writes "
                          "them for the N heaviest objects).\n"
                        : "Only runtime objects have blocks here: --runtime=show shows them.\n");
    return;
  }
  context.out << "(" << shown << " of " << objects.size() - hidden
              << " objects with blocks shown, the most invalidations first; per block, or run of alike blocks: "
              << (context.profile().header.version >= 2 ? "L1 misses compulsory/coherence/replacement/transfer, "
                                                        : "L1 misses compulsory/coherence/replacement, ")
              << "coherence misses and invalidations received "
                 "true/false, '.' for none; the threads with any)\n";
}

}  // namespace ccsim::annotate
