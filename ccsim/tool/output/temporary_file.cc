// temporary_file.cc: a file under an unpredictable name, created only if nothing has that name.
#include "ccsim/tool/output/temporary_file.h"

#include "pub_tool_vkiscnums.h"

namespace ccsim {
namespace {

constexpr Int kOpenNoFollow = 0400000;     // O_NOFOLLOW
constexpr Int kOpenCloseOnExec = 02000000; // O_CLOEXEC
constexpr UWord kRandomNonBlocking = 1;    // getrandom's GRND_NONBLOCK

// `kSuffixLength` letters and digits from the kernel's random source (getrandom), or, should that fail,
// from the clock and pid: O_EXCL still refuses any name that exists.
void random_suffix(HChar* out) {
  static const HChar kAlphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  UChar bytes[kSuffixLength];
  SysRes result =
      VG_(do_syscall)(__NR_getrandom, reinterpret_cast<UWord>(bytes), kSuffixLength, kRandomNonBlocking, 0, 0, 0, 0, 0);
  if (sr_isError(result) || sr_Res(result) != kSuffixLength) {
    static UInt seed = 0;
    seed ^= VG_(read_millisecond_timer)() * 2654435761u ^ static_cast<UInt>(VG_(getpid)());
    for (SizeT i = 0; i < kSuffixLength; ++i) bytes[i] = static_cast<UChar>(VG_(random)(&seed) >> 8);
  }
  for (SizeT i = 0; i < kSuffixLength; ++i) out[i] = kAlphabet[bytes[i] % (sizeof kAlphabet - 1)];
  out[kSuffixLength] = '\0';
}

}  // namespace

Int create_temporary(const HChar* target, HChar* temporary) {
  const Int flags = VKI_O_WRONLY | VKI_O_CREAT | VKI_O_EXCL | kOpenNoFollow | kOpenCloseOnExec;
  const Int mode = VKI_S_IRUSR | VKI_S_IWUSR | VKI_S_IRGRP | VKI_S_IROTH;  // 0644, less the umask
  for (int attempt = 0; attempt < 100; ++attempt) {
    HChar suffix[kSuffixLength + 1];
    random_suffix(suffix);
    VG_(sprintf)(temporary, "%s%s%s", target, kTemporaryInfix, suffix);
    SysRes result = VG_(open)(temporary, flags, mode);
    if (!sr_isError(result)) return static_cast<Int>(sr_Res(result));
    if (sr_Err(result) != VKI_EEXIST) return -static_cast<Int>(sr_Err(result));
  }
  return -VKI_EEXIST;
}

Int open_temporary(const HChar* temporary) {
  const SysRes result = VG_(open)(temporary, VKI_O_WRONLY | VKI_O_TRUNC | kOpenNoFollow | kOpenCloseOnExec, 0);
  return sr_isError(result) ? -static_cast<Int>(sr_Err(result)) : static_cast<Int>(sr_Res(result));
}

}  // namespace ccsim
