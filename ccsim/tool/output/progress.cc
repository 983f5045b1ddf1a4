// progress.cc: the progress lines of long runs (progress.h).
#include "ccsim/tool/output/progress.h"

#include "ccsim/core/simulator.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_process.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {

namespace progress_detail {
std::uint64_t next_clock_check_blocks = ~0ull;
}  // namespace progress_detail

namespace {

// Superblocks between two readings of the clock: one scheduling quantum of Valgrind's. At the tool's
// usual speed that is a few milliseconds of client time, so the lines come on time to within that.
constexpr std::uint64_t kBlocksPerClockCheck = 100000;

// What the last line reported, to give the rate over the interval since.
struct ProgressState {
  const Simulator* simulator = nullptr;
  UInt interval_ms = 0;
  UInt start_ms = 0;            // the clock at start-up: elapsed time is counted from here
  UInt next_report_ms = 0;      // the clock at which the next line is due
  UInt last_report_ms = 0;
  std::uint64_t last_accesses = 0;
};
ProgressState state;

std::uint64_t simulated_accesses() {
  // With workers the counts are theirs: the accesses the first has taken tell how far they are.
  if (worker_recording()) return worker_accesses_received();
  std::uint64_t counts[kNumEvents];
  machine_totals(state.simulator, counts);
  return counts[kReads] + counts[kWrites];
}

void report(UInt now_ms) {
  const std::uint64_t accesses = simulated_accesses();
  const UInt since_ms = now_ms - state.last_report_ms;
  const std::uint64_t rate = since_ms ? (accesses - state.last_accesses) * 1000 / since_ms : 0;
  HChar buffer[96];
  if (worker_recording()) {
    // The queue is the ring every worker reads; its use is the slowest worker's lag.
    const std::uint32_t workers = options.sim_threads;
    VG_(sprintf)(buffer, "%u simulation worker%s, %s queue %llu of %llu MiB", workers, workers == 1 ? "" : "s",
                 workers == 1 ? "its" : "their",
                 static_cast<ULong>((worker_ring_bytes_in_use() + (1 << 20) - 1) >> 20),
                 static_cast<ULong>((worker_ring_bytes() + (1 << 20) - 1) >> 20));
  } else if (options.sync.mode == SimMode::Native || replay_engine == nullptr) {
    VG_(sprintf)(buffer, "no replay buffer (native order)");
  } else {
    // Rounded up, so a buffer that holds anything never reads as empty.
    VG_(sprintf)(buffer, "replay buffer %llu of %llu MiB",
                 static_cast<ULong>((replay_engine->buffered_bytes() + (1 << 20) - 1) >> 20),
                 static_cast<ULong>(options.sync.max_buffer_bytes >> 20));
  }
  VG_(umsg)("ccsim progress: %u s, %'llu accesses simulated (%'llu/s), %u threads, %s\n",
            (now_ms - state.start_ms) / 1000, static_cast<ULong>(accesses), static_cast<ULong>(rate),
            threads_that_ran(), buffer);
  state.last_report_ms = now_ms;
  state.last_accesses = accesses;
}

}  // namespace

namespace progress_detail {
void check_clock(std::uint64_t blocks_done) {
  next_clock_check_blocks = blocks_done + kBlocksPerClockCheck;
  const UInt now_ms = VG_(read_millisecond_timer)();
  if (static_cast<Int>(now_ms - state.next_report_ms) < 0) return;
  report(now_ms);
  // The next line is due one interval after this one (not after the missed due time: no bursts).
  state.next_report_ms = now_ms + state.interval_ms;
}
}  // namespace progress_detail

// isatty(): the terminal ioctl succeeds only on a terminal (a file, pipe or socket answers ENOTTY).
bool messages_on_terminal() {
  const Int fd = VG_(log_output_sink).fd;
  if (fd < 0) return false;
  struct vki_termios settings;
  SysRes result = VG_(do_syscall)(__NR_ioctl, static_cast<RegWord>(fd), VKI_TCGETS,
                                  reinterpret_cast<RegWord>(&settings), 0, 0, 0, 0, 0);
  return !sr_isError(result);
}

void init_progress(const Simulator* simulator, std::uint32_t interval_seconds) {
  state.simulator = simulator;
  if (interval_seconds == 0) return;
  state.interval_ms = interval_seconds * 1000;
  state.start_ms = VG_(read_millisecond_timer)();
  state.last_report_ms = state.start_ms;
  state.next_report_ms = state.start_ms + state.interval_ms;
  progress_detail::next_clock_check_blocks = 0;
}

}  // namespace ccsim
