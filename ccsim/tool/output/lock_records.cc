// lock_records.cc: see lock_records.h.
#include "ccsim/tool/output/lock_records.h"

#include "ccsim/sync/requests.h"
#include "ccsim/tool/data_objects/object_records.h"
#include "ccsim/tool/data_objects/unlocked_writes.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_numbering.h"
#include "ccsim/tool/output/sorted_rows.h"
#include "ccsim/tool/threads/lock_statistics.h"

namespace ccsim {
namespace {

// The `lock:` record's kind word (docs/output-format.md).
const char* kind_word(std::uint32_t kind) {
  switch (kind) {
    case CCSIM_LOCK_MUTEX: return "mutex";
    case CCSIM_LOCK_SPIN: return "spinlock";
    case CCSIM_LOCK_RWLOCK: return "rwlock";
    case CCSIM_LOCK_OMP_CRITICAL: return "omp-critical";
    case CCSIM_LOCK_OMP_NAMED_CRITICAL: return "omp-named-critical";
    case CCSIM_LOCK_OMP_ATOMIC: return "omp-atomic";
    case CCSIM_LOCK_OMP_ORDERED: return "omp-ordered";
    case CCSIM_LOCK_OMP_LOCK: return "omp-lock";
    case CCSIM_LOCK_ANNOTATED: return "annotated";
    default: return "unknown";
  }
}

// The profile number of each lock (by its index in lock_statistics), from 1 in order of address.
struct LockNumbers {
  GrowableArray<std::uint32_t> by_index{"ccsim.out.locks"};
  SortedRows<3, LockDescription> rows{"ccsim.out.locks"};  // address high, low, index
};

void collect_lock(void* context, const LockDescription& lock) {
  LockNumbers* numbers = static_cast<LockNumbers*>(context);
  const std::uint32_t address_high = static_cast<std::uint32_t>(lock.address >> 32);
  numbers->rows.add({address_high, static_cast<std::uint32_t>(lock.address), lock.index}, lock);
  while (numbers->by_index.size() <= lock.index) numbers->by_index.push_back(0);
}

void create_call_reference(void*, const LockDescription& lock) {
  if (lock.first_call != 0) reference_at(lock.first_call);
}

void use_call_reference(void* context, const LockDescription& lock) {
  if (lock.first_call != 0) static_cast<ProfileNumbering*>(context)->use_reference(reference_at(lock.first_call)->id);
}

void use_section_reference(void* context, std::uint32_t, ObjectId, RefId ref, ProcId, const LockSectionCounts&) {
  static_cast<ProfileNumbering*>(context)->use_reference(ref);
}

void use_unlocked_write_reference(void* context, ObjectId, RefId ref, ProcId, std::uint64_t) {
  static_cast<ProfileNumbering*>(context)->use_reference(ref);
}

struct Writing {
  const ProfileNumbering& numbering;
  const ObjectRecords* objects;
  LockNumbers& locks;
  SortedRows<2, LockThreadCounts> threads{"ccsim.out.lock_threads"};
  SortedRows<4, LockSectionCounts> sections{"ccsim.out.lock_sections"};
  SortedRows<3, std::uint64_t> unlocked{"ccsim.out.unlocked_writes"};
};

void collect_lock_thread(void* context, std::uint32_t lock, ProcId proc, const LockThreadCounts& counts) {
  Writing* w = static_cast<Writing*>(context);
  w->threads.add({w->locks.by_index[lock], proc + 1}, counts);
}

void collect_lock_section(void* context, std::uint32_t lock, ObjectId object, RefId ref, ProcId proc,
                          const LockSectionCounts& counts) {
  Writing* w = static_cast<Writing*>(context);
  const std::uint32_t number = w->objects->number(object);
  if (number == 0) return;  // an object with no count of its own is not written (cannot happen: its events are)
  w->sections.add({w->locks.by_index[lock], number, w->numbering.reference_number(ref), proc + 1}, counts);
}

void collect_unlocked_write(void* context, ObjectId object, RefId ref, ProcId proc, std::uint64_t stores) {
  Writing* w = static_cast<Writing*>(context);
  const std::uint32_t number = w->objects->number(object);
  if (number != 0) w->unlocked.add({number, w->numbering.reference_number(ref), proc + 1}, stores);
}

}  // namespace

void create_lock_call_references() { for_each_lock(create_call_reference, nullptr); }

void use_lock_references(ProfileNumbering* numbering) {
  for_each_lock(use_call_reference, numbering);
  if (!options.data_objects) return;
  for_each_lock_section(use_section_reference, numbering);
  for_each_unlocked_write(use_unlocked_write_reference, numbering);
}

void write_lock_records(ProfileFile* file, const ProfileNumbering& numbering, const ObjectRecords* objects) {
  LockNumbers locks;
  for_each_lock(collect_lock, &locks);
  std::uint32_t next = 1;
  locks.rows.visit_sorted([&](const std::uint32_t* key, const LockDescription&) { locks.by_index[key[2]] = next++; });
  locks.rows.visit_sorted([&](const std::uint32_t* key, const LockDescription& lock) {
    std::uint32_t source_file = 0, function = 0, line = 0;
    if (lock.first_call != 0) {
      const Reference* call = reference_at(lock.first_call);
      source_file = numbering.source_file_number(call->source_file);
      function = numbering.function_number(call->function);
      line = call->line;
    }
    file->printf("lock: %u %#llx %s %u %u %u %s\n", locks.by_index[key[2]], static_cast<ULong>(lock.address),
                 kind_word(lock.kind), source_file, function, line, lock.name != nullptr ? lock.name : "-");
  });
  Writing w{numbering, objects, locks};
  for_each_lock_thread(collect_lock_thread, &w);
  w.threads.visit_sorted([&](const std::uint32_t* key, const LockThreadCounts& c) {
    file->printf("lock-thread: %u %u %llu %llu %llu %llu\n", key[0], key[1], static_cast<ULong>(c.acquisitions),
                 static_cast<ULong>(c.hand_offs), static_cast<ULong>(c.contended),
                 static_cast<ULong>(c.waited_accesses));
  });
  if (objects == nullptr) return;
  for_each_lock_section(collect_lock_section, &w);
  w.sections.visit_sorted([&](const std::uint32_t* key, const LockSectionCounts& c) {
    file->printf("lock-section: %u %u %u %u %llu %llu %llu %llu %llu %llu %llu\n", key[0], key[1], key[2], key[3],
                 static_cast<ULong>(c.true_in_region), static_cast<ULong>(c.false_in_region),
                 static_cast<ULong>(c.true_across_regions), static_cast<ULong>(c.false_across_regions),
                 static_cast<ULong>(c.coherence_miss_true), static_cast<ULong>(c.coherence_miss_false),
                 static_cast<ULong>(c.transfers));
  });
  for_each_unlocked_write(collect_unlocked_write, &w);
  w.unlocked.visit_sorted([&](const std::uint32_t* key, const std::uint64_t& stores) {
    file->printf("unlocked-write: %u %u %u %llu\n", key[0], key[1], key[2], static_cast<ULong>(stores));
  });
}

}  // namespace ccsim
