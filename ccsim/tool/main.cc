// main.cc: ccsim's entry points into Valgrind: start-up, options, client requests and exit.
// Everything else lives in the file named for it (options, instrument, access_helpers, threads,
// references, profile_writer, sync, and data_objects with the files it names).
#include "ccsim/core/simulator.h"
#include "ccsim/sync/requests.h"
#include "ccsim/tool/data_objects/data_objects.h"
#include "ccsim/tool/output/client_exec.h"
#include "ccsim/tool/output/exit_status.h"
#include "ccsim/tool/fixed_random_bytes.h"
#include "ccsim/tool/instrumentation/access_helpers.h"
#include "ccsim/tool/instrumentation/entry_wrappers.h"
#include "ccsim/tool/data_objects/heap_blocks.h"
#include "ccsim/tool/instrumentation/instrument.h"
#include "ccsim/tool/data_objects/named_ranges.h"
#include "ccsim/tool/data_objects/object_statistics.h"
#include "ccsim/tool/data_objects/runtime_inline_information.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/static_program.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_writer.h"
#include "ccsim/tool/output/run_statistics.h"
#include "ccsim/tool/output/progress.h"
#include "ccsim/tool/output/progress_interval.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/instrumentation/requests_in_line.h"
#include "ccsim/tool/threads/annotations.h"
#include "ccsim/tool/threads/lock_statistics.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/tool_platform.h"
#include "ccsim/tool/trace/trace_reader.h"
#include "ccsim/tool/trace/trace_writer.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_data_objects.h"
#include "ccsim/tool/workers/worker_handover.h"
#include "ccsim/tool/workers/worker_process.h"
#include "ccsim/tool/workers/worker_recorder.h"
#include "pub_tool_vkiscnums.h"
#include "ccsim.h"

namespace ccsim {
namespace {

Simulator* simulator = nullptr;

Bool process_command_line_option(const HChar* arg) { return process_option(arg) ? True : False; }

// Valgrind's help ends with its own bug address; say where ccsim's bugs go before it.
void print_usage_text() {
  print_usage();
  VG_(printf)("\n    ccsim %s: the manual is ccsim(1), the documents %s\n", CCSIM_VERSION, CCSIM_DOCDIR);
  VG_(printf)("\n    Report ccsim's bugs on the ccsim issue tracker (see its README.md); the address\n"
              "    at the end of this help is Valgrind's own.\n");
}

void print_debug_usage_text() { print_debug_usage(); }

Bool handle_client_request(ThreadId tid, UWord* args, UWord* ret) {
  // Whatever the request, the thread's held-back polling load (spin_waits.h) comes before it.
  flush_waiting_read(thread_state(tid));
  if (annotation_handle_request(tid, args, ret)) return True;
  if (!VG_IS_TOOL_USERREQ('C', 'S', args[0])) return False;
  switch (args[0]) {
    case VG_USERREQ__CCSIM_START_INSTRUMENTATION:
      set_instrumentation(true, "ccsim: CCSIM_START_INSTRUMENTATION");
      *ret = 0;
      return True;
    case VG_USERREQ__CCSIM_STOP_INSTRUMENTATION:
      set_instrumentation(false, "ccsim: CCSIM_STOP_INSTRUMENTATION");
      *ret = 0;
      return True;
    case VG_USERREQ__CCSIM_ZERO_STATS:
      // With --sim-threads=1 the counts are the worker's: it flushes and zeroes at this point of the stream.
      if (worker_recording()) {
        worker_zero_statistics();
        *ret = 0;
        return True;
      }
      // Accesses still buffered for replay belong to the phase being discarded: replay them first.
      sync_flush();
      zero_statistics(simulator);
      if (options.data_objects) zero_object_statistics();
      zero_lock_statistics();
      *ret = 0;
      return True;
    case VG_USERREQ__CCSIM_ALLOCATOR_ENTER:
      *ret = allocator_call_begins(tid, static_cast<std::uint32_t>(args[1]), args[2], args[3]) ? 1 : 0;
      return True;
    case VG_USERREQ__CCSIM_ALLOCATOR_EXIT:
      allocator_call_ends(tid, static_cast<std::uint32_t>(args[1]), args[2], args[3]);
      *ret = 0;
      return True;
    case VG_USERREQ__CCSIM_NAME_RANGE:
      // 0 when the range was named, 1 when the request was ignored (the user is told why).
      *ret = !options.data_objects || name_range(args[1], args[2], args[3]) ? 0 : 1;
      return True;
    default:
      return sync_handle_request(tid, args, ret) ? True : False;
  }
}

// The first translation happens after Valgrind has built the client's stack and before the client runs:
// the moment to fix its random bytes (fixed_random_bytes.h). Later translations go straight through.
IRSB* instrument_first_superblock(VgCallbackClosure* closure, IRSB* sb_in, const VexGuestLayout* layout,
                                  const VexGuestExtents* extents, const VexArchInfo* arch, IRType guest_word,
                                  IRType host_word) {
  static bool client_started = false;
  if (!client_started) {
    client_started = true;
    fix_client_random_bytes();
  }
  return instrument_superblock(closure, sb_in, layout, extents, arch, guest_word, host_word);
}

void post_command_line_init() {
  check_options();
  check_profile_destination();
  if (options.trace_out != nullptr) open_trace_out(options.trace_out);
  if (options.trace_in != nullptr) open_trace_in(options.trace_in);
  warn_if_statically_linked();
  init_client_exec();
  // With several workers the simulator owns every line shard until each worker narrows its copy to its
  // own; in a shard worker (debug: --sim-worker-shard) it is one line shard. The tool's process never
  // simulates with --sim-threads above 0, so only the workers, its copies, use it.
  simulator = options.worker_shard.count > 1 ? create_shard_simulator(options.machine, options.worker_shard)
                                             : create_simulator(options.machine);
  init_references();
  init_threads(simulator);
  init_instrumentation(simulator);
  if (options.requests_in_line) init_requests_in_line(handle_client_request);
  sync_init(options.sync, simulator);
  if (options.data_objects) {
    init_data_objects();
    init_object_statistics(simulator);
  }
  init_progress(simulator, effective_progress_interval(options.progress_interval, VG_(clo_verbosity),
                                                       messages_on_terminal()));
  // Last, once every table exists: the worker is a copy of the tool as it is now.
  if (options.sim_threads > 0) {
    note_references_at_fork();
    if (options.data_objects) note_data_objects_at_fork();
    start_simulation_worker(simulator, options.sync.max_buffer_bytes, options.sim_threads);
    close_trace_out_in_tool();
    // A trace is simulated again in place of the program, which never runs (docs/traces.md).
    if (reading_trace()) feed_trace_and_exit();
  }
}

// The end of the run of this image, at its exit or before an exec that replaces it: the simulation
// finished, the exit summary printed, the profile written. Returns whether the profile was written.
bool end_run() {
  if (worker_recording()) {
    // The worker finishes the replay and writes the profile; the tool tells what only it knows.
    sync_report_annotation_mistakes();
    if (options.data_objects) hand_over_data_objects();
    hand_over_tool_tables();
    // The worker also says that threads shared processors (report_thread_limit), where --sim-threads=0
    // says it, before the profile: it has the counts from the hand-over.
    return finish_simulation_worker();
  }
  sync_finish();
  report_thread_limit();
  const RunStatistics statistics(simulator);
  const bool written = write_profile(statistics);
  print_summary(statistics);
  return written;
}

void at_exit(Int) {
  if (!end_run()) exit_for_lost_profile();
}

// Before every system call: exit_group's code (exit_status.h), whether Valgrind is to read the inline
// information of a file it maps (runtime_inline_information.h), and before an exec that replaces the
// image, the end of its run (client_exec.h). Valgrind then ends the other threads without the tool.
void before_client_syscall(ThreadId tid, UInt syscall_number, UWord* args, UInt arg_count) {
  note_exit_code_before_syscall(tid, syscall_number, args, arg_count);
  skip_runtime_inline_information(syscall_number, args, arg_count);
  const HChar* program = nullptr;
  if (!exec_replaces_image(syscall_number, args, arg_count, &program) || forked_by_program()) return;
  VG_(umsg)("ccsim: the program replaces itself with '%s' (exec): the profile of its run so far is written "
            "now.\n", program);
  flush_waiting_read(thread_state(tid));
  const bool written = end_run();
  stop_following_threads();
  note_profile_written_for_exec();
  if (!written) {
    // The next image's exit code would hide the lost profile (it may be 0): the run ends here instead.
    VG_(umsg)("ccsim: so the run ends here, before the exec, with exit code 1.\n");
    VG_(exit)(1);
  }
}

// After a system call: --read-inline-info as it was before it (runtime_inline_information.h); an exec
// whose profile was written but which failed after all ends the run (client_exec.h). After one that may
// map, unmap or protect memory: with --sim-threads=1 and data objects, the worker's mirrors of Valgrind's
// debug information list and segment table follow (worker_data_objects.h). Only those calls change them,
// so the others cost nothing more.
void after_client_syscall(ThreadId tid, UInt syscall_number, UWord* args, UInt arg_count, SysRes result) {
  after_syscall(tid, syscall_number, args, arg_count, result);
  restore_inline_information_option();
  note_syscall_for_entry_wrappers(syscall_number, args, result);
  exec_failed_after_profile(syscall_number, result);
  if (!options.data_objects || !worker_recording()) return;
  switch (syscall_number) {
    case __NR_mmap:
    case __NR_munmap:
    case __NR_mremap:
    case __NR_mprotect:
    case __NR_brk:
    case __NR_shmat:
    case __NR_shmdt:
      send_changed_live_state();
      return;
    default:
      return;
  }
}

void pre_command_line_init() {
  VG_(details_name)("ccsim");
  VG_(details_version)(CCSIM_VERSION);
  VG_(details_description)("a cache-coherence profiler for multithreaded programs");
  VG_(details_copyright_author)("Copyright (C) 2026, the ccsim authors (MIT licence).");
  VG_(details_bug_reports_to)("the ccsim issue tracker");
  VG_(details_avg_translation_sizeB)(500);

  VG_(basic_tool_funcs)(post_command_line_init, instrument_first_superblock, at_exit);
  VG_(needs_command_line_options)(process_command_line_option, print_usage_text, print_debug_usage_text);
  VG_(needs_client_requests)(handle_client_request);
  VG_(needs_syscall_wrapper)(before_client_syscall, after_client_syscall);

  install_valgrind_platform();
  // Heap objects are named where the program asked for memory, through inlined allocation helpers
  // (allocation_sites.cc): that needs Valgrind's inline information, read by default as for Memcheck and
  // Massif (--read-inline-info=no still turns it off), for the program's files, not the runtime
  // libraries' (runtime_inline_information.h).
  VG_(clo_read_inline_info) = True;
  // Valgrind runs one thread at a time, and by default its lock often goes back to the thread that just
  // gave it up, so one thread may run many time slices while the others wait. The interleaved and piped
  // replays hold what it records until the others catch up, and at --max-buffer replay without them (an
  // early replay: the order then follows timing). With fair scheduling the threads take the lock in turn,
  // a time slice each: a 4-thread false-sharing loop replayed early in 3 of 3 runs without it and in none
  // with it, in a fifth of the memory and the same time (perf/README.md, "Fair scheduling by default").
  // So it is ccsim's default (`try`: where the system has no futex-based lock, Valgrind's own); the
  // command line, read next, may still say --fair-sched=no.
  VG_(clo_fair_sched) = try_fair_sched;
  init_heap_block_tracking();
  set_default_options();
}

}  // namespace
}  // namespace ccsim

extern "C" {
VG_DETERMINE_INTERFACE_VERSION(ccsim::pre_command_line_init)
}
