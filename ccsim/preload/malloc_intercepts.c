/*
   malloc_intercepts.c: wrappers of the program's allocator that report each heap block to ccsim, so
   that the allocator the program links (glibc's, or jemalloc, tcmalloc, mimalloc named with Valgrind's
   --soname-synonyms=somalloc=...) runs as it does natively and decides, as it does natively, which
   blocks share a cache line (docs/data-objects.md, "Heap blocks").

   RUNS ON THE SIMULATED CPU: this file is client code, part of vgpreload_ccsim-<platform>.so. Each
   wrapper is a thin stub, `ccsim_allocator_entry_<function>`, which ccsim's instrumentation enters from
   the first instruction of the allocator's function wherever Valgrind's redirection of an allocator
   would find it (entered_call.h, ccsim/tool/instrumentation/entry_wrappers.h: libc, the C++ runtimes,
   and the library --soname-synonyms=somalloc names, or else any object's global function of that name);
   the stubs call one of a few workers. Return values and errno are the allocator's own. The wrappers
   themselves are not simulated (the tool leaves the preload's code uninstrumented); the allocator's code
   they call is, like any library code the program calls: its headers, free lists and arena locks are real
   traffic, which the tool charges to the allocator's objects. The stubs and workers have the frames they
   had when Valgrind redirected the allocator to them, so the allocator runs at the same stack addresses.

   Each call tells the tool when it starts (ccsim_allocator_enter: a pointer to give back is checked
   there, and one that is not a live block is reported and not passed on: glibc would abort on it and no
   profile would be written; a block given back stops being the program's there) and what it returned
   (ccsim_allocator_exit: a block becomes the program's there). Calls the allocator
   makes into these same functions (realloc(NULL, n) calls malloc, operator new calls malloc) are
   nested: the tool counts the depth and only the outermost call's report changes the heap's layout.

   Nothing here allocates: the preload must not move the program's blocks.
*/
#include <stddef.h>

#include "pub_tool_basics.h"
#include "valgrind.h"

#include "ccsim/preload/entered_call.h"
#include "ccsim/preload/report.h"

/* ---- the workers ---- */

/* An allocation `orig(arg1, arg2)` returning its block (null when it failed): malloc, calloc, the
   aligned forms, new. `size` is the block's size as the program asked for it. */
__attribute__((noinline))
static void* allocate_WRK(OrigFn orig, enum ccsim_allocator_function function, ccsim_word size, ccsim_word arg1,
                          ccsim_word arg2, ccsim_word call) {
  void* block;
  ccsim_allocator_enter(function, 0, call);
  CCSIM_CALL_ENTERED_W_WW(block, orig, arg1, arg2);
  ccsim_allocator_exit(function, (ccsim_word)block, size);
  return block;
}

/* A release `orig(block, arg2, arg3)`: free, cfree, every form of delete (the sized and aligned ones
   take the size and alignment as arguments 2 and 3). */
__attribute__((noinline))
static void release_WRK(OrigFn orig, enum ccsim_allocator_function function, void* block, ccsim_word arg2,
                        ccsim_word arg3, ccsim_word call) {
  ccsim_word ignored;
  if (block == NULL) {
    CCSIM_CALL_ENTERED_W_WWW(ignored, orig, block, arg2, arg3);
    return;
  }
  if (!ccsim_allocator_enter(function, (ccsim_word)block, call)) return;
  CCSIM_CALL_ENTERED_W_WWW(ignored, orig, block, arg2, arg3);
  (void)ignored;
  ccsim_allocator_exit(function, 0, 0);
}

/* A reallocation `orig(old, arg2, arg3)` to `size` bytes: realloc(old, size), reallocarray(old, count,
   size) (realloc ignores the third argument). */
__attribute__((noinline))
static void* reallocate_WRK(OrigFn orig, enum ccsim_allocator_function function, void* old, ccsim_word size,
                            ccsim_word arg2, ccsim_word arg3, ccsim_word call) {
  void* block;
  if (!ccsim_allocator_enter(function, (ccsim_word)old, call)) return NULL;
  CCSIM_CALL_ENTERED_W_WWW(block, orig, old, arg2, arg3);
  ccsim_allocator_exit(function, (ccsim_word)block, size);
  return block;
}

/* ---- C ---- */

/* malloc */
ALLOCATOR_WRAPPER(void*, malloc, size_t size) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return allocate_WRK(orig, CCSIM_ALLOC_MALLOC, size, size, 0, CCSIM_CALL_SITE());
}

/* calloc: the size is count x size (a product that overflows makes calloc fail, reporting nothing). */
ALLOCATOR_WRAPPER(void*, calloc, size_t count, size_t size) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return allocate_WRK(orig, CCSIM_ALLOC_CALLOC, count * size, count, size, CCSIM_CALL_SITE());
}

/* memalign */
ALLOCATOR_WRAPPER(void*, memalign, size_t alignment, size_t size) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return allocate_WRK(orig, CCSIM_ALLOC_MEMALIGN, size, alignment, size, CCSIM_CALL_SITE());
}

/* aligned_alloc */
ALLOCATOR_WRAPPER(void*, aligned_alloc, size_t alignment, size_t size) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return allocate_WRK(orig, CCSIM_ALLOC_ALIGNED_ALLOC, size, alignment, size, CCSIM_CALL_SITE());
}

/* valloc */
ALLOCATOR_WRAPPER(void*, valloc, size_t size) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return allocate_WRK(orig, CCSIM_ALLOC_VALLOC, size, size, 0, CCSIM_CALL_SITE());
}

/* pvalloc */
ALLOCATOR_WRAPPER(void*, pvalloc, size_t size) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return allocate_WRK(orig, CCSIM_ALLOC_PVALLOC, size, size, 0, CCSIM_CALL_SITE());
}

/* posix_memalign: the block is stored through `result` when the call returns 0. */
ALLOCATOR_WRAPPER(int, posix_memalign, void** result, size_t alignment, size_t size) {
  OrigFn orig;
  int status;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_allocator_enter(CCSIM_ALLOC_POSIX_MEMALIGN, 0, CCSIM_CALL_SITE());
  CCSIM_CALL_ENTERED_W_WWW(status, orig, result, alignment, size);
  ccsim_allocator_exit(CCSIM_ALLOC_POSIX_MEMALIGN, status == 0 ? (ccsim_word)*result : 0, size);
  return status;
}

/* free */
ALLOCATOR_WRAPPER(void, free, void* block) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  release_WRK(orig, CCSIM_ALLOC_FREE, block, 0, 0, CCSIM_CALL_SITE());
}

/* cfree (glibc before 2.26) */
ALLOCATOR_WRAPPER(void, cfree, void* block) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  release_WRK(orig, CCSIM_ALLOC_FREE, block, 0, 0, CCSIM_CALL_SITE());
}

/* realloc */
ALLOCATOR_WRAPPER(void*, realloc, void* old, size_t size) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return reallocate_WRK(orig, CCSIM_ALLOC_REALLOC, old, size, size, 0, CCSIM_CALL_SITE());
}

/* reallocarray: count x size bytes. A product that overflows makes it fail and leave the block: it is
   reported as the largest size, never as 0 (which would mean the block was given back). */
ALLOCATOR_WRAPPER(void*, reallocarray, void* old, size_t count, size_t size) {
  OrigFn orig;
  size_t bytes;
  VALGRIND_GET_ORIG_FN(orig);
  if (__builtin_mul_overflow(count, size, &bytes)) bytes = (size_t)-1;
  return reallocate_WRK(orig, CCSIM_ALLOC_REALLOCARRAY, old, bytes, count, size, CCSIM_CALL_SITE());
}

/* malloc_usable_size: the program may use every byte the answer covers, so the tool's block grows to
   it. A pointer that is not a live block gets 0, as under Memcheck (glibc might crash on it). */
ALLOCATOR_WRAPPER(size_t, malloc_usable_size, void* block) {
  OrigFn orig;
  size_t usable;
  VALGRIND_GET_ORIG_FN(orig);
  if (block == NULL) return 0;
  if (!ccsim_allocator_enter(CCSIM_ALLOC_USABLE_SIZE, (ccsim_word)block, CCSIM_CALL_SITE())) return 0;
  CCSIM_CALL_ENTERED_W_W(usable, orig, block);
  ccsim_allocator_exit(CCSIM_ALLOC_USABLE_SIZE, (ccsim_word)block, usable);
  return usable;
}

/* ---- C++: operator new and delete in all their forms (Itanium ABI names, 64-bit size_t) ---- */

#define NEW_STUB(fn, function)                                                            \
  ALLOCATOR_WRAPPER(void*, fn, size_t size, ccsim_word extra) {                          \
    OrigFn orig;                                                                          \
    VALGRIND_GET_ORIG_FN(orig);                                                           \
    return allocate_WRK(orig, function, size, size, extra, CCSIM_CALL_SITE());            \
  }
#define DELETE_STUB(fn, function)                                                         \
  ALLOCATOR_WRAPPER(void, fn, void* block, ccsim_word extra1, ccsim_word extra2) {      \
    OrigFn orig;                                                                          \
    VALGRIND_GET_ORIG_FN(orig);                                                           \
    release_WRK(orig, function, block, extra1, extra2, CCSIM_CALL_SITE());                \
  }

/* operator new(size_t), new(size_t, nothrow_t const&), new(size_t, align_val_t),
   new(size_t, align_val_t, nothrow_t const&); the same for new[]. The second argument (the alignment,
   or the nothrow tag) is passed on as it came. */
NEW_STUB(_Znwm, CCSIM_ALLOC_NEW)
NEW_STUB(_ZnwmRKSt9nothrow_t, CCSIM_ALLOC_NEW)
NEW_STUB(_ZnwmSt11align_val_t, CCSIM_ALLOC_NEW)
NEW_STUB(_ZnwmSt11align_val_tRKSt9nothrow_t, CCSIM_ALLOC_NEW)
NEW_STUB(_Znam, CCSIM_ALLOC_NEW_ARRAY)
NEW_STUB(_ZnamRKSt9nothrow_t, CCSIM_ALLOC_NEW_ARRAY)
NEW_STUB(_ZnamSt11align_val_t, CCSIM_ALLOC_NEW_ARRAY)
NEW_STUB(_ZnamSt11align_val_tRKSt9nothrow_t, CCSIM_ALLOC_NEW_ARRAY)

/* operator delete(void*), its nothrow, sized, aligned and sized-aligned forms; the same for delete[]. */
DELETE_STUB(_ZdlPv, CCSIM_ALLOC_DELETE)
DELETE_STUB(_ZdlPvRKSt9nothrow_t, CCSIM_ALLOC_DELETE)
DELETE_STUB(_ZdlPvm, CCSIM_ALLOC_DELETE)
DELETE_STUB(_ZdlPvSt11align_val_t, CCSIM_ALLOC_DELETE)
DELETE_STUB(_ZdlPvSt11align_val_tRKSt9nothrow_t, CCSIM_ALLOC_DELETE)
DELETE_STUB(_ZdlPvmSt11align_val_t, CCSIM_ALLOC_DELETE)
DELETE_STUB(_ZdaPv, CCSIM_ALLOC_DELETE_ARRAY)
DELETE_STUB(_ZdaPvRKSt9nothrow_t, CCSIM_ALLOC_DELETE_ARRAY)
DELETE_STUB(_ZdaPvm, CCSIM_ALLOC_DELETE_ARRAY)
DELETE_STUB(_ZdaPvSt11align_val_t, CCSIM_ALLOC_DELETE_ARRAY)
DELETE_STUB(_ZdaPvSt11align_val_tRKSt9nothrow_t, CCSIM_ALLOC_DELETE_ARRAY)
DELETE_STUB(_ZdaPvmSt11align_val_t, CCSIM_ALLOC_DELETE_ARRAY)
