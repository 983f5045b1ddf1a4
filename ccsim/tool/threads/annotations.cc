// annotations.cc: helgrind.h, drd.h and ccsim.h annotations in, sync.h calls out (annotations.h).
#include "ccsim/tool/threads/annotations.h"

#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim.h"
#include "helgrind.h"
#include "drd.h"

namespace ccsim {
namespace {

// Where the annotation is (a region's closing barrier): while a request is answered, the client's
// instruction pointer is already past the request's instruction sequence; one byte back is inside it.
Addr annotation_address(unsigned tid) { return VG_(get_IP)(tid) - 1; }

// drd.h passes its barrier annotations as one request with the annotation's name as the first argument.
bool drd_barrier_annotation(unsigned tid, unsigned long* args) {
  const HChar* name = reinterpret_cast<const HChar*>(args[1]);
  if (name == nullptr) return false;
  if (VG_(strcmp)(name, "ANNOTATE_BARRIER_INIT") == 0) {
    sync_annotated_barrier_init(args[2], static_cast<std::uint32_t>(args[3]));
  } else if (VG_(strcmp)(name, "ANNOTATE_BARRIER_WAIT_BEFORE") == 0) {
    sync_annotated_barrier_wait_before(tid, args[2], annotation_address(tid));
  } else if (VG_(strcmp)(name, "ANNOTATE_BARRIER_WAIT_AFTER") == 0) {
    sync_annotated_barrier_wait_after(tid);
  } else if (VG_(strcmp)(name, "ANNOTATE_BARRIER_DESTROY") == 0) {
    sync_annotated_barrier_destroy(args[2]);
  } else {
    return false;
  }
  return true;
}

}  // namespace

// drd.h gives its happens-before and reader-writer lock annotations the numbers of helgrind.h's.
bool annotation_handle_request(unsigned tid, unsigned long* args, unsigned long* ret) {
  switch (args[0]) {
    case _VG_USERREQ__HG_USERSO_SEND_PRE:
    case VG_USERREQ__CCSIM_HAPPENS_BEFORE:
      sync_happens_before(tid, args[1]);
      break;
    case _VG_USERREQ__HG_USERSO_RECV_POST:
    case VG_USERREQ__CCSIM_HAPPENS_AFTER:
      sync_happens_after(tid, args[1]);
      break;
    case _VG_USERREQ__HG_PTHREAD_RWLOCK_ACQUIRED:
      // is_w: 1 for a writer; a reader shares the lock.
      sync_annotated_lock_acquired(tid, args[1], args[2] == 0, annotation_address(tid));
      break;
    case VG_USERREQ__CCSIM_LOCK_ACQUIRED:
      sync_annotated_lock_acquired(tid, args[1], false, annotation_address(tid));
      break;
    case _VG_USERREQ__HG_PTHREAD_RWLOCK_RELEASED:
    case VG_USERREQ__CCSIM_LOCK_RELEASED:
      sync_annotated_lock_released(tid, args[1]);
      break;
    case VG_USERREQ__DRD_ANNOTATION_UNIMP:
      if (!drd_barrier_annotation(tid, args)) return false;
      break;
    case VG_USERREQ__CCSIM_BARRIER_INIT_COUNT:
      sync_annotated_barrier_init(args[1], static_cast<std::uint32_t>(args[2]));
      break;
    case VG_USERREQ__CCSIM_BARRIER_WAIT_BEFORE:
      sync_annotated_barrier_wait_before(tid, args[1], annotation_address(tid));
      break;
    case VG_USERREQ__CCSIM_BARRIER_WAIT_AFTER:
      sync_annotated_barrier_wait_after(tid);
      break;
    case VG_USERREQ__CCSIM_BARRIER_DESTROYED:
      sync_annotated_barrier_destroy(args[1]);
      break;
    default:
      return false;
  }
  *ret = 0;
  return true;
}

}  // namespace ccsim
