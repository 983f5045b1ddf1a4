// invalid_frees.cc: one report per call site of an invalid free, delete or realloc (invalid_frees.h).
#include "ccsim/tool/data_objects/invalid_frees.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

// The stacks of the invalid calls reported so far. A call whose top four frames match one of them is
// not reported again, as Memcheck decides that two errors are the same: a program that frees a bad
// pointer in a loop gets one report. Searched linearly: there are as many as distinct bad call sites,
// and only invalid calls search. Created at the first report.
GrowableArray<ExeContext*>* reported_stacks = nullptr;

bool reported_already(ExeContext* stack) {
  for (std::uint32_t i = 0; i < reported_stacks->size(); ++i) {
    if (VG_(eq_ExeContext)(Vg_MedRes, (*reported_stacks)[i], stack)) return true;
  }
  return false;
}

}  // namespace

void report_invalid_free(ThreadId tid, Addr address) {
  if (reported_stacks == nullptr) {
    reported_stacks = create_object<GrowableArray<ExeContext*>>("ccsim.objects", "ccsim.objects.invalid_frees");
  }
  ExeContext* stack = VG_(record_ExeContext)(tid, 0);
  if (reported_already(stack)) return;
  reported_stacks->push_back(stack);
  VG_(umsg)("ccsim: Invalid free() / delete / realloc() of 0x%lx: not the start of a live heap block; "
            "the call was ignored (reported once per call site).\n",
            address);
  VG_(pp_ExeContext)(stack);
}

}  // namespace ccsim
