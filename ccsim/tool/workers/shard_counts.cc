// shard_counts.cc: see shard_counts.h.
#include "ccsim/tool/workers/shard_counts.h"

#include "ccsim/core/merged_statistics.h"
#include "ccsim/core/message.h"
#include "ccsim/core/statistics_transfer.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

constexpr Int kOpenNoFollow = 0400000;  // O_NOFOLLOW (asm-generic), which the vki headers lack

void file_name(int pid, std::uint32_t attempt, HChar* name) {
  VG_(sprintf)(name, "/dev/shm/ccsim-shard-counts-%d-%u", pid, attempt);
}

// write_statistics()'s sink: every block written whole, or the errno kept.
struct FileSink {
  Int fd;
  int error;
  std::uint64_t words;  // written so far
};

bool write_words(void* context, const std::uint64_t* words, std::uint64_t count) {
  FileSink* file = static_cast<FileSink*>(context);
  const char* bytes = reinterpret_cast<const char*>(words);
  std::uint64_t left = count * sizeof(std::uint64_t);
  while (left > 0) {
    const Int n = VG_(write)(file->fd, bytes, static_cast<Int>(left));
    if (n == -VKI_EINTR) continue;
    if (n <= 0) {
      file->error = n < 0 ? -n : VKI_ENOSPC;
      return false;
    }
    bytes += n;
    left -= static_cast<std::uint64_t>(n);
  }
  file->words += count;
  return true;
}

// The file's words: the simulator's statistics; with data objects, their tables and the statistics'
// length last.
bool read_counts(const std::uint64_t* words, std::uint64_t count, MergedStatistics* merged, ErrorMessage* error) {
  if (!options.data_objects) return read_statistics(words, count, merged, nullptr, error);
  const std::uint64_t statistics_words = count > 0 ? words[count - 1] : 0;
  if (count == 0 || statistics_words >= count) {
    MessageWriter(error).text("the shard's counts are cut short.");
    return false;
  }
  if (!read_statistics(words, statistics_words, merged, nullptr, error)) return false;
  WordReader objects(words + statistics_words, count - 1 - statistics_words);
  return add_object_tables(&objects, error);
}

}  // namespace

const char* planted_counts_target = nullptr;
bool damaged_counts = false;

int write_shard_counts(const Simulator* simulator, std::uint32_t* attempt) {
  HChar name[64];
  if (planted_counts_target != nullptr) {
    file_name(VG_(getpid)(), 0, name);
    VG_(do_syscall)(__NR_symlink, reinterpret_cast<UWord>(planted_counts_target), reinterpret_cast<UWord>(name), 0, 0, 0,
                    0, 0, 0);
  }
  SysRes opened;
  for (*attempt = 0;; ++*attempt) {
    file_name(VG_(getpid)(), *attempt, name);
    opened = VG_(open)(name, VKI_O_WRONLY | VKI_O_CREAT | VKI_O_EXCL | kOpenNoFollow, 0600);
    if (!sr_isError(opened) || sr_Err(opened) != VKI_EEXIST || *attempt + 1 == kCountsFileAttempts) break;
  }
  if (sr_isError(opened)) return static_cast<int>(sr_Err(opened));
  FileSink sink{static_cast<Int>(sr_Res(opened)), 0, 0};
  bool written = write_statistics(simulator, write_words, &sink);
  // With data objects, their notice-fed tables follow (object_transfer.h), then the statistics' length.
  if (written && options.data_objects) {
    static WordWriter objects;
    const std::uint64_t statistics_words = sink.words;
    objects.start(write_words, &sink);
    if (damaged_counts) objects.put(0);
    write_object_tables(&objects);
    objects.put(statistics_words);
    written = objects.flush();
  }
  if (!written && sink.error == 0) sink.error = VKI_EIO;
  VG_(close)(sink.fd);
  if (sink.error != 0) VG_(unlink)(name);
  return sink.error;
}

bool add_shard_counts(int pid, std::uint32_t attempt, MergedStatistics* merged, char* why, std::uint32_t why_bytes) {
  HChar name[64];
  file_name(pid, attempt, name);
  const SysRes opened = VG_(open)(name, VKI_O_RDONLY | kOpenNoFollow, 0);
  if (sr_isError(opened)) {
    VG_(snprintf)(why, why_bytes, "its counts could not be opened (%s)", VG_(strerror)(sr_Err(opened)));
    return false;
  }
  const Int fd = static_cast<Int>(sr_Res(opened));
  struct vg_stat status;
  std::uint64_t* words = nullptr;
  std::uint64_t bytes = 0;
  bool read_whole = VG_(fstat)(fd, &status) == 0 && status.size % sizeof(std::uint64_t) == 0;
  if (read_whole) {
    bytes = static_cast<std::uint64_t>(status.size);
    words = static_cast<std::uint64_t*>(VG_(malloc)("ccsim.shard_counts", bytes == 0 ? 1 : bytes));
    for (std::uint64_t done = 0; read_whole && done < bytes;) {
      // At most 1 GiB a call: read's count is an Int, and the working set's logs can be larger.
      const std::uint64_t want = bytes - done < (std::uint64_t(1) << 30) ? bytes - done : std::uint64_t(1) << 30;
      const Int n = VG_(read)(fd, reinterpret_cast<char*>(words) + done, static_cast<Int>(want));
      if (n <= 0) read_whole = false;
      done += n > 0 ? static_cast<std::uint64_t>(n) : 0;
    }
  }
  VG_(close)(fd);
  VG_(unlink)(name);
  ErrorMessage error;
  bool added = false;
  if (!read_whole) {
    VG_(snprintf)(why, why_bytes, "its counts could not be read");
  } else if (!read_counts(words, bytes / sizeof(std::uint64_t), merged, &error)) {
    // The reason goes inside the caller's sentence: without its own full stop.
    VG_(snprintf)(why, why_bytes, "%s", error.text);
    const SizeT length = VG_(strlen)(why);
    if (length > 0 && why[length - 1] == '.') why[length - 1] = '\0';
  } else {
    added = true;
  }
  if (words != nullptr) VG_(free)(words);
  return added;
}

void remove_shard_counts(int pid, std::uint32_t attempt) {
  HChar name[64];
  file_name(pid, attempt, name);
  VG_(unlink)(name);
}

}  // namespace ccsim
