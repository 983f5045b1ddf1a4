// chased_entries.cc: translations that chased into a wrapped function, made again without chasing
// (chased_entries.h).
#include "ccsim/tool/instrumentation/chased_entries.h"

#include <cstddef>

#include "ccsim/tool/instrumentation/entry_wrappers.h"
#include "pub_tool_guest.h"

// VEX's controls, which it reads at every translation (libvex.h's VexControl; Valgrind hands VEX a copy of
// its --vex-* options at start-up): chasing is suspended for one translation here.
extern "C" VexControl vex_control;

namespace ccsim {
namespace {

// Whether chasing was suspended for the next translation (retranslated_without_chasing).
bool chasing_suspended = false;

}  // namespace

void resume_chasing() {
  if (!chasing_suspended) return;
  vex_control.guest_chase = True;
  chasing_suspended = false;
}

bool chased_into_wrapped_function(const VexGuestExtents* extents) {
  // A chased jump or call starts a new extent of guest code at its destination.
  for (UInt i = 1; i < extents->n_used; ++i) {
    if (entry_wrapper_at(extents->base[i]) != 0) return true;
  }
  return false;
}

IRSB* retranslated_without_chasing(const IRSB* sb_in, const VexGuestExtents* extents) {
#if defined(VGA_amd64)
  // Nothing of the translation runs: at its first instruction the guest state is complete. Its exit
  // discards the translations of [start, start + 1), this one included, and goes back to start, which
  // Valgrind then translates again, now (the same thread goes on) with chasing off; resume_chasing() turns
  // it back on when that translation is instrumented. Only a translation that chases is suspended: the
  // user's --vex-guest-chase=no leaves nothing to resume.
  const Addr start = extents->base[0];
  IRSB* out = deepCopyIRSBExceptStmts(const_cast<IRSB*>(sb_in));
  for (Int i = 0; i < sb_in->stmts_used; ++i) {
    IRStmt* st = sb_in->stmts[i];
    if (st->tag == Ist_IMark) {
      addStmtToIRSB(out, st);
      break;
    }
  }
  addStmtToIRSB(out, IRStmt_Put(offsetof(VexGuestAMD64State, guest_CMSTART), IRExpr_Const(IRConst_U64(start))));
  addStmtToIRSB(out, IRStmt_Put(offsetof(VexGuestAMD64State, guest_CMLEN), IRExpr_Const(IRConst_U64(1))));
  out->next = IRExpr_Const(IRConst_U64(start));
  out->jumpkind = Ijk_InvalICache;
  if (vex_control.guest_chase) {
    vex_control.guest_chase = False;
    chasing_suspended = true;
  }
  return out;
#else
#error "chased_entries.cc: the retranslation is written for amd64"
#endif
}

}  // namespace ccsim
