// fixed_random_bytes.h: the 16 "random" bytes every Linux process receives (the AT_RANDOM auxiliary
// vector entry, the seed of glibc's stack protector and pointer guard), replaced by fixed ones so that
// two runs of a deterministic program write the same profile.
//
// Why: Valgrind copies the kernel's random bytes onto the client's stack right after the last
// environment string (LD_PRELOAD). The dynamic linker splits LD_PRELOAD with strcspn, which reads the
// string's last word whole, so up to three random bytes, and indexes a table on its stack with each byte
// it reads: which stack lines start-up code touches, and so a few start-up evictions, would differ from
// run to run. A correct program cannot tell: the bytes only seed the stack protector's canary and the
// pointer guard, which then become predictable (a profiler run is not a hardened one).
#ifndef CCSIM_TOOL_FIXED_RANDOM_BYTES_H
#define CCSIM_TOOL_FIXED_RANDOM_BYTES_H

namespace ccsim {

// Overwrites the client's AT_RANDOM bytes. Call once, after Valgrind has built the client's initial stack
// and before the client's first instruction runs (the first translation is such a moment).
void fix_client_random_bytes();

}  // namespace ccsim

#endif
