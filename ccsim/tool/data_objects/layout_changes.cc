// layout_changes.cc: applying layout changes at once, or recording them for the replay (layout_changes.h).
#include "ccsim/tool/data_objects/layout_changes.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/data_objects/layer_hooks.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The replay modes' changes recorded and not yet applied, by the number recorded in the thread's
// stream. The slot of an applied change is reused, so the table holds as many changes as the replay
// buffers do, not every change of the run (a program allocating in a loop makes millions).
GrowableArray<LayoutChange>* pending = nullptr;
GrowableArray<std::uint32_t>* free_slots = nullptr;  // slots of `pending` whose change has been applied
// The layers' functions, by kind (set_layout_change_apply): set at init, before the workers fork.
LayoutChangeApply appliers[static_cast<std::uint32_t>(LayoutChangeKind::Count)] = {};

void apply(const LayoutChange& change) {
  const auto kind = static_cast<std::uint32_t>(change.kind);
  CCSIM_ASSERT(kind < static_cast<std::uint32_t>(LayoutChangeKind::Count) && appliers[kind] != nullptr);
  appliers[kind](change);
}

}  // namespace

void set_layout_change_apply(LayoutChangeKind kind, LayoutChangeApply apply) {
  appliers[static_cast<std::uint32_t>(kind)] = apply;
}

void init_layout_changes() {
  if (replay_engine == nullptr) return;
  pending = create_object<GrowableArray<LayoutChange>>("ccsim.objects", "ccsim.objects.pending_changes");
  free_slots = create_object<GrowableArray<std::uint32_t>>("ccsim.objects", "ccsim.objects.free_change_slots");
}

bool replay_orders_changes() { return replay_engine != nullptr; }

bool change_waits_for_replay(unsigned tid) { return records_replay_calls() && tid != VG_INVALID_THREADID; }

void change_layout(unsigned tid, const LayoutChange& change) {
  const ProcId proc = change_waits_for_replay(tid) ? thread_state(tid)->processor : kNoProcessor;
  // --sim-threads=1: the worker's layer makes the change, at this point of the stream.
  if (layer_forwarding != nullptr) return layer_forwarding->layout_change(proc, change, false);
  change_layout_of(proc, change);
}

void change_layout_of(ProcId proc, const LayoutChange& change) {
  // The native order (a worker's stream names the thread in every order): the change is made at once, at
  // its place among the accesses.
  if (proc == kNoProcessor || replay_engine == nullptr) {
    apply(change);
    return;
  }
  std::uint32_t slot;
  if (free_slots->empty()) {
    slot = pending->size();
    pending->push_back(change);
  } else {
    slot = free_slots->pop_back();
    (*pending)[slot] = change;
  }
  replay_engine->record_layout_change(proc, slot);
}

void apply_recorded_layout_change(void*, std::uint32_t change) {
  // A copy: the slot is free for the next change as soon as this one is taken out.
  const LayoutChange taken = (*pending)[change];
  free_slots->push_back(change);
  apply(taken);
}

}  // namespace ccsim
