// object_transfer.h: the data-object tables a simulation worker of line shards hands to the first worker
// (--sim-threads above 1 with --data-objects=yes; docs/parallel-simulation.md, section 9).
//
// Every worker replays the whole stream and looks up the object of every access, as --sim-threads=0
// does, so the tables fed by the accesses themselves (reads and writes, object paths' runs, placement
// predictions, locks' objects) are the same in each, the first's being the run's. The tables fed by the
// simulator's notices (misses, invalidations, evictions, where misses were served) hold only the
// worker's own lines' events; a line's every event is in one worker, so they add up by key: the first
// worker adds the others' to its own before the profile is written, and each table makes its "top N"
// choice after that. The working set's cache sets add up likewise; its resident lines are not sums (a
// peak is of the workers' counts at one moment): each worker's changes reach the first during the run,
// which replays them by the objects' keys (resident_lines.h); the objects' section carries each object's
// key, matched with the first's ids at the end. The objects' ids may differ between workers: a
// notice's lookup (a victim's bytes, an evicted line's) makes, in the worker that simulates the line, an
// object the access lookups did not (the mapping or thread stack the bytes lie in by then). So the
// objects travel first, and the receiver matches them by identity (kind, name, extent), makes the ones it
// lacks, and translates every id that follows (transferred_object()).
//
// Each table writes its own section: a tag, then its records (each module says how). The sections come
// in one fixed order, so the reader knows what each holds; a section of the wrong tag or cut short
// refuses the whole transfer.
#ifndef CCSIM_TOOL_DATA_OBJECTS_OBJECT_TRANSFER_H
#define CCSIM_TOOL_DATA_OBJECTS_OBJECT_TRANSFER_H

#include "ccsim/core/geometry.h"
#include "ccsim/core/word_stream.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// Writes every notice-fed table of this worker's data-object layer to `out` (not flushed).
void write_object_tables(WordWriter* out);

// Adds what write_object_tables() wrote in another worker to this worker's tables. False, with one
// sentence in `error`, when the words are not one whole transfer (the tables may then hold part of it).
bool add_object_tables(WordReader* in, ErrorMessage* error);

// While add_object_tables() reads another worker's tables: this worker's id of that worker's object
// `id` (the objects are matched by identity first: a worker makes, at its notices' lookups, objects the
// others may not have made, or made at another point), or kNoTransferredObject for an id out of range.
constexpr ObjectId kNoTransferredObject = ~ObjectId(0);
ObjectId transferred_object(std::uint64_t id);

// Each table's part (in its own module): `write_*` puts its records; `add_*` reads them back and adds
// them, false when the words run out or do not fit.
void write_object_statistics(WordWriter* out);          // object_statistics.h
bool add_object_statistics(WordReader* in);
void write_line_detail(WordWriter* out);                // line_detail.h
bool add_line_detail(WordReader* in);
void write_object_blocks(WordWriter* out);              // object_blocks.h
bool add_object_blocks(WordReader* in);
void write_unlocked_writes(WordWriter* out);            // unlocked_writes.h
bool add_unlocked_writes(WordReader* in);
void write_lock_sections(WordWriter* out);              // threads/lock_statistics.h
bool add_lock_sections(WordReader* in);
void write_path_misses(WordWriter* out);                // object_paths.h
bool add_path_misses(WordReader* in);
void write_region_phases(WordWriter* out);              // region_phases.h (--phases)
bool add_region_phases(WordReader* in);
void write_object_timeline(WordWriter* out);            // object_timeline.h (--timeline)
bool add_object_timeline(WordReader* in);
void write_cache_sets(WordWriter* out);                 // cache_sets.h (--working-set)
bool add_cache_sets(WordReader* in);

}  // namespace ccsim

#endif
