// requests_in_line.cc: the helper that answers the preload's frequent requests, and the statements that
// call it at the end of the preload's request blocks (requests_in_line.h).
#include "ccsim/tool/instrumentation/requests_in_line.h"

#include <cstddef>

#include "ccsim/sync/requests.h"
#include "pub_tool_guest.h"

namespace ccsim {
namespace {

RequestHandler tool_handler = nullptr;

#if defined(VGA_amd64)
// Where a request's arguments and result are on this platform (valgrind.h's request sequence: the
// address of the arguments in RAX, the result in RDX).
constexpr Int kArgumentsOffset = offsetof(VexGuestAMD64State, guest_RAX);
constexpr bool kPlatformKnown = true;
void set_result(VexGuestArchState* state, UWord result) { state->guest_RDX = result; }
#else
constexpr Int kArgumentsOffset = 0;
constexpr bool kPlatformKnown = false;
void set_result(VexGuestArchState*, UWord) {}
#endif

// The requests a wrapped call makes on every call (requests.h): the runtime's entry and exit, a lock's,
// a semaphore's or a condition's report, an allocator call's start and end. Each changes the tool's
// state alone (the thread's runtime depth, a synchronization event recorded or counted, an allocation
// recorded with its stack trace), never Valgrind's: no translation is discarded, no thread made, nothing
// waited for but the simulation's own room. The rarer ones (threads, barriers, teams, the user's requests) go through Valgrind.
bool answered_in_line(UWord request) {
  switch (request) {
    case VG_USERREQ__CCSIM_RUNTIME_ENTER:
    case VG_USERREQ__CCSIM_RUNTIME_EXIT:
    case VG_USERREQ__CCSIM_LOCK_ACQUIRE:
    case VG_USERREQ__CCSIM_LOCK_RELEASE:
    case VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_ACQUIRE:
    case VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_RELEASE:
    case VG_USERREQ__CCSIM_LOCK_ACQUIRE_RUNTIME_EXIT:
    case VG_USERREQ__CCSIM_ALLOCATOR_ENTER:
    case VG_USERREQ__CCSIM_ALLOCATOR_EXIT:
    case VG_USERREQ__CCSIM_SEMAPHORE_INIT:
    case VG_USERREQ__CCSIM_SEMAPHORE_POST:
    case VG_USERREQ__CCSIM_SEMAPHORE_WAIT:
    case VG_USERREQ__CCSIM_CONDITION_SIGNAL:
    case VG_USERREQ__CCSIM_CONDITION_WOKEN:
    case VG_USERREQ__CCSIM_CONDITION_WAIT:
    case VG_USERREQ__CCSIM_CONDITION_SIGNALLED_RUNTIME_EXIT:
      return true;
    default:
      return false;
  }
}

// The helper, at the end of a request block: `args` is the request's argument array (args[0] the
// request). Returns 1 when it handled the request, its result in the result register; 0 leaves the
// request to Valgrind (the side exit after the call). Every request of the list is the tool's: its
// handler takes each one.
VG_REGPARM(2) UWord answer_request(VexGuestArchState* state, UWord* args) {
  if (!answered_in_line(args[0])) return 0;
  UWord result = 0;
  if (!tool_handler(VG_(get_running_tid)(), args, &result)) {
    VG_(tool_panic)("ccsim: a request answered in line was not handled");
  }
  set_result(state, result);
  return 1;
}

}  // namespace

void init_requests_in_line(RequestHandler handler) { tool_handler = handler; }

void answer_requests_in_line(IRSB* out) {
  // valgrind.h's sequence is straight-line code: the block goes on at a known address.
  if (!kPlatformKnown || tool_handler == nullptr || out->next->tag != Iex_Const) return;
  IRConst* next = out->next->Iex.Const.con;
  IRTemp args = newIRTemp(out->tyenv, Ity_I64);
  addStmtToIRSB(out, IRStmt_WrTmp(args, IRExpr_Get(kArgumentsOffset, Ity_I64)));
  // The instruction pointer past the request, as Valgrind's exit leaves it (stack traces start there).
  addStmtToIRSB(out, IRStmt_Put(out->offsIP, IRExpr_Const(deepCopyIRConst(next))));
  IRTemp answered = newIRTemp(out->tyenv, Ity_I64);
  IRDirty* call = unsafeIRDirty_1_N(answered, 2, "ccsim_answer_request",
                                    VG_(fnptr_to_fnentry)(reinterpret_cast<void*>(&answer_request)),
                                    mkIRExprVec_2(IRExpr_GSPTR(), IRExpr_RdTmp(args)));
  // The whole guest state, read and written: every register is written back before the call, as at an
  // exit to Valgrind, and read again after it (the result register).
  call->nFxState = 1;
  call->fxState[0].fx = Ifx_Modify;
  call->fxState[0].offset = 0;
  call->fxState[0].size = sizeof(VexGuestArchState);
  call->fxState[0].nRepeats = 0;
  call->fxState[0].repeatLen = 0;
  // It reads the argument array (six words) from the program's memory.
  call->mFx = Ifx_Read;
  call->mAddr = IRExpr_RdTmp(args);
  call->mSize = 6 * sizeof(UWord);
  addStmtToIRSB(out, IRStmt_Dirty(call));
  // Flat IR: the exit's guard is a temporary.
  IRTemp unanswered = newIRTemp(out->tyenv, Ity_I1);
  addStmtToIRSB(out, IRStmt_WrTmp(unanswered, IRExpr_Binop(Iop_CmpEQ64, IRExpr_RdTmp(answered),
                                                           IRExpr_Const(IRConst_U64(0)))));
  addStmtToIRSB(out, IRStmt_Exit(IRExpr_RdTmp(unanswered), Ijk_ClientReq, deepCopyIRConst(next), out->offsIP));
  out->jumpkind = Ijk_Boring;
}

}  // namespace ccsim
