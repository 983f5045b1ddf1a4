// thread_labels.cc: the label table of thread_labels.h, indexed by processor (threads.h).
#include "ccsim/tool/threads/thread_labels.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// What names one processor's thread. A processor given again (past --max-threads) is renamed.
struct ThreadLabel {
  HChar* start_routine;        // the start routine's function name (VG_(strdup)), null: unknown
  std::uint32_t omp_number;    // omp_get_thread_num() in the first team it joined as a non-master
  std::uint32_t omp_team_size; // that team's size; 0: it joined none
};

ThreadLabel* labels = nullptr;  // max_processors entries

// libstdc++'s trampoline for every std::thread (execute_native_thread_routine, a local symbol, so
// usually nameless in a stripped libstdc++): whatever its name, it says only that the thread is a
// std::thread. (Limit: the callable it runs is not named.)
bool in_libstdcxx(Addr routine) {
  const DebugInfo* object_file = VG_(find_DebugInfo)(VG_(current_DiEpoch)(), routine);
  const HChar* path = object_file != nullptr ? VG_(DebugInfo_get_filename)(object_file) : nullptr;
  return path != nullptr && VG_(strstr)(path, "libstdc++") != nullptr;
}

}  // namespace

void init_thread_labels(std::uint32_t max_processors) {
  labels = allocate_zeroed_array<ThreadLabel>("ccsim.thread_labels", max_processors);
}

void label_start_routine(unsigned tid, Addr routine) {
  ThreadLabel& label = labels[thread_state(tid)->processor];
  if (label.start_routine != nullptr) VG_(free)(label.start_routine);
  label = ThreadLabel{nullptr, 0, 0};
  const HChar* name = nullptr;
  if (in_libstdcxx(routine)) {
    name = "std::thread";
  } else if (!VG_(get_fnname)(VG_(current_DiEpoch)(), routine, &name) || name == nullptr) {
    return;
  }
  label.start_routine = VG_(strdup)("ccsim.thread_labels.name", name);
}

void label_team_thread(unsigned tid, std::uint32_t number, std::uint32_t size) {
  ThreadLabel& label = labels[thread_state(tid)->processor];
  if (number == 0 || label.omp_team_size != 0) return;
  label.omp_number = number;
  label.omp_team_size = size;
}

void thread_label(ProcId proc, char* text, std::uint32_t capacity) {
  const ThreadLabel& label = labels[proc];
  if (proc == 0) {
    VG_(snprintf)(text, capacity, "main");
  } else if (label.omp_team_size != 0) {
    VG_(snprintf)(text, capacity, "omp thread %u of %u", label.omp_number, label.omp_team_size);
  } else if (label.start_routine != nullptr) {
    VG_(snprintf)(text, capacity, "%s", label.start_routine);
  } else {
    VG_(snprintf)(text, capacity, "???");
  }
}

void thread_label_parts(ProcId proc, const char** start_routine, std::uint32_t* omp_number,
                        std::uint32_t* omp_team_size) {
  *start_routine = labels[proc].start_routine;
  *omp_number = labels[proc].omp_number;
  *omp_team_size = labels[proc].omp_team_size;
}

void set_thread_label_parts(ProcId proc, const char* start_routine, std::uint32_t omp_number,
                            std::uint32_t omp_team_size) {
  ThreadLabel& label = labels[proc];
  if (label.start_routine != nullptr) VG_(free)(label.start_routine);
  label = ThreadLabel{start_routine != nullptr ? VG_(strdup)("ccsim.thread_labels.name", start_routine) : nullptr,
                      omp_number, omp_team_size};
}

}  // namespace ccsim
