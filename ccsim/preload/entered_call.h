/*
   entered_call.h: how a wrapper that ccsim's instrumentation entered from the first instruction of the
   function it wraps calls that function. RUNS ON THE SIMULATED CPU.

   Such a function is not redirected by Valgrind (ccsim/tool/instrumentation/entry_wrappers.h): its first
   instruction jumps to the wrapper unless r11 holds the return address on top of the stack. So the call
   is valgrind.h's CALL_FN_W_* for amd64, the same stack alignment and red-zone skip (the function runs at
   the stack addresses it ran at when Valgrind redirected it), with a plain `call *%rax`, r11 set to the
   address the call returns to, in place of the no-redirection call, which went through Valgrind's
   scheduler twice.
*/
#ifndef CCSIM_PRELOAD_ENTERED_CALL_H
#define CCSIM_PRELOAD_ENTERED_CALL_H

#include "valgrind.h"

#if !defined(__x86_64__)
#error "entered_call.h: the entered wrappers' call is written for amd64"
#endif

/* Declares and defines the wrapper of `function` that ccsim's instrumentation enters: the tool finds it by
   this name in the preload and `function` by its own in libc, libpthread and libgomp
   (entry_wrappers.h). The definition follows the macro. */
#define ENTERED_WRAPPER(ret_type, function, ...)     \
  ret_type ccsim_entry_##function(__VA_ARGS__);      \
  ret_type ccsim_entry_##function(__VA_ARGS__)

/* The same for an allocator function (malloc_intercepts.c), which the tool finds where Valgrind's
   redirection of an allocator would: in libc, libstdc++ and libc++, and in the library
   --soname-synonyms=somalloc names or, without that option, as a global function of any object but the
   dynamic linker (entry_wrappers.h). */
#define ALLOCATOR_WRAPPER(ret_type, function, ...)          \
  ret_type ccsim_allocator_entry_##function(__VA_ARGS__);   \
  ret_type ccsim_allocator_entry_##function(__VA_ARGS__)

/* The same for an entry point of LLVM's OpenMP runtime (libomp_intercepts.c), which the tool finds by its
   name in libomp.so* (libgomp has functions of the same names, which ENTERED_WRAPPER wraps). */
#define LIBOMP_WRAPPER(ret_type, function, ...)          \
  ret_type ccsim_libomp_entry_##function(__VA_ARGS__);   \
  ret_type ccsim_libomp_entry_##function(__VA_ARGS__)

/* The call itself: r11 holds the return address (label 1) when the function's first instruction runs. */
#define CCSIM_CALL_ENTERED_RAX                                                                            \
  "leaq 1f(%%rip), %%r11\n\t"                                                                             \
  "call *%%rax\n"                                                                                         \
  "1:\n\t"

/* valgrind.h's CALL_FN_W_* asm for amd64: `argvec` holds the function and its arguments, `loads` moves the
   arguments into their registers; the result in `res`. */
#define CCSIM_CALL_ENTERED_ASM_(res, argvec, loads)                                                       \
  __asm__ volatile(VALGRIND_CFI_PROLOGUE VALGRIND_ALIGN_STACK "subq $128,%%rsp\n\t" loads                 \
                   "movq (%%rax), %%rax\n\t" CCSIM_CALL_ENTERED_RAX VALGRIND_RESTORE_STACK                \
                       VALGRIND_CFI_EPILOGUE                                                              \
                   : /*out*/ "=a"(res)                                                                    \
                   : /*in*/ "a"(&argvec[0]) __FRAME_POINTER                                               \
                   : /*trash*/ "cc", "memory", __CALLER_SAVED_REGS, "r14", "r15")

/* Each call below declares and fills its locals exactly as valgrind.h's CALL_FN_W_* does (an initializer
   list instead made GCC copy the arguments through a second array): a wrapper's frame is then the size it
   is with Valgrind's call, and the function runs at the same stack addresses either way, which matters
   where its accesses are simulated (the allocator's). */

/* lval = orig() */
#define CCSIM_CALL_ENTERED_W_v(lval, orig)                                                                \
  do {                                                                                                    \
    volatile OrigFn _orig = (orig);                                                                       \
    volatile unsigned long _argvec[1];                                                                    \
    volatile unsigned long _res;                                                                          \
    _argvec[0] = (unsigned long)_orig.nraddr;                                                             \
    CCSIM_CALL_ENTERED_ASM_(_res, _argvec, "");                                                           \
    lval = (__typeof__(lval))_res;                                                                        \
  } while (0)

/* lval = orig(arg1) */
#define CCSIM_CALL_ENTERED_W_W(lval, orig, arg1)                                                          \
  do {                                                                                                    \
    volatile OrigFn _orig = (orig);                                                                       \
    volatile unsigned long _argvec[2];                                                                    \
    volatile unsigned long _res;                                                                          \
    _argvec[0] = (unsigned long)_orig.nraddr;                                                             \
    _argvec[1] = (unsigned long)(arg1);                                                                   \
    CCSIM_CALL_ENTERED_ASM_(_res, _argvec, "movq 8(%%rax), %%rdi\n\t");                                   \
    lval = (__typeof__(lval))_res;                                                                        \
  } while (0)

/* lval = orig(arg1, arg2) */
#define CCSIM_CALL_ENTERED_W_WW(lval, orig, arg1, arg2)                                                   \
  do {                                                                                                    \
    volatile OrigFn _orig = (orig);                                                                       \
    volatile unsigned long _argvec[3];                                                                    \
    volatile unsigned long _res;                                                                          \
    _argvec[0] = (unsigned long)_orig.nraddr;                                                             \
    _argvec[1] = (unsigned long)(arg1);                                                                   \
    _argvec[2] = (unsigned long)(arg2);                                                                   \
    CCSIM_CALL_ENTERED_ASM_(_res, _argvec, "movq 16(%%rax), %%rsi\n\tmovq 8(%%rax), %%rdi\n\t");          \
    lval = (__typeof__(lval))_res;                                                                        \
  } while (0)

/* lval = orig(arg1, arg2, arg3) */
#define CCSIM_CALL_ENTERED_W_WWW(lval, orig, arg1, arg2, arg3)                                            \
  do {                                                                                                    \
    volatile OrigFn _orig = (orig);                                                                       \
    volatile unsigned long _argvec[4];                                                                    \
    volatile unsigned long _res;                                                                          \
    _argvec[0] = (unsigned long)_orig.nraddr;                                                             \
    _argvec[1] = (unsigned long)(arg1);                                                                   \
    _argvec[2] = (unsigned long)(arg2);                                                                   \
    _argvec[3] = (unsigned long)(arg3);                                                                   \
    CCSIM_CALL_ENTERED_ASM_(_res, _argvec,                                                                \
                            "movq 24(%%rax), %%rdx\n\tmovq 16(%%rax), %%rsi\n\tmovq 8(%%rax), %%rdi\n\t"); \
    lval = (__typeof__(lval))_res;                                                                        \
  } while (0)

/* lval = orig(arg1, arg2, arg3, arg4) */
#define CCSIM_CALL_ENTERED_W_WWWW(lval, orig, arg1, arg2, arg3, arg4)                                     \
  do {                                                                                                    \
    volatile OrigFn _orig = (orig);                                                                       \
    volatile unsigned long _argvec[5];                                                                    \
    volatile unsigned long _res;                                                                          \
    _argvec[0] = (unsigned long)_orig.nraddr;                                                             \
    _argvec[1] = (unsigned long)(arg1);                                                                   \
    _argvec[2] = (unsigned long)(arg2);                                                                   \
    _argvec[3] = (unsigned long)(arg3);                                                                   \
    _argvec[4] = (unsigned long)(arg4);                                                                   \
    CCSIM_CALL_ENTERED_ASM_(_res, _argvec,                                                                \
                            "movq 32(%%rax), %%rcx\n\tmovq 24(%%rax), %%rdx\n\tmovq 16(%%rax), %%rsi\n\t" \
                            "movq 8(%%rax), %%rdi\n\t");                                                  \
    lval = (__typeof__(lval))_res;                                                                        \
  } while (0)

#endif /* CCSIM_PRELOAD_ENTERED_CALL_H */
