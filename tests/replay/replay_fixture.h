// replay_fixture.h: a replay engine feeding a recording sink, and builders that make a test read like
// its scenario: "thread 1 makes access 0", "thread 0 arrives at the barrier".
//
// Thread t's i-th access uses reference t * 100 + i, so the replayed order prints as "t0a0 t1a0 ...".
// Threads are named by the processor they run on; the main thread is processor 0.
#ifndef CCSIM_TESTS_REPLAY_REPLAY_FIXTURE_H
#define CCSIM_TESTS_REPLAY_REPLAY_FIXTURE_H

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ccsim/core/host_platform.h"
#include "ccsim/replay/replay_engine.h"

namespace ccsim {

// One access as the sink received it.
struct Replayed {
  ProcId proc;
  RefId ref;
  RegionId region;
  bool critical;
};

// One layout change as the sink received it, and how many accesses had been replayed before it.
struct AppliedChange {
  std::uint32_t change;
  std::size_t after_accesses;
};

inline ReplayConfig interleaved(std::uint32_t quantum = 1) {
  ReplayConfig config;
  config.mode = SimMode::Interleaved;
  config.schedule = Schedule::RoundRobin;
  config.quantum = quantum;
  config.max_buffer_bytes = 1 << 20;
  config.max_processors = 8;
  config.accesses_per_resume = 1;  // resume at every access, so a test can watch the replay's progress
  return config;
}

inline ReplayConfig piped() {
  ReplayConfig config = interleaved();
  config.mode = SimMode::Piped;
  return config;
}

inline ReplayConfig random_order(std::uint64_t seed) {
  ReplayConfig config = interleaved();
  config.schedule = Schedule::Random;
  config.seed = seed;
  return config;
}

class ReplayTest : public ::testing::Test {
 protected:
  void SetUp() override { install_host_platform(); }

  void start(const ReplayConfig& config) {
    replayed_.clear();
    started_.clear();
    changes_.clear();
    engine_ = std::make_unique<ReplayEngine>(
        config, ReplaySink{this, &ReplayTest::on_access, &ReplayTest::on_start, &ReplayTest::on_layout_change});
  }

  // Recording, as the tool would during the client's run.
  void access(ProcId thread, std::uint32_t index) {
    engine_->record_access(thread, thread * 100 + index, 0x10000 + 64 * index, 8, AccessKind::Write);
  }
  void accesses(ProcId thread, std::uint32_t first, std::uint32_t count) {
    for (std::uint32_t i = first; i < first + count; ++i) access(thread, i);
  }
  void change_layout(ProcId thread, std::uint32_t change) { engine_->record_layout_change(thread, change); }
  StreamId create(ProcId parent, ProcId child) { return engine_->record_thread_created(parent, child); }
  void exit_thread(ProcId thread) { engine_->record_thread_exit(thread); }
  void enter_team(ProcId thread, std::uint64_t team, std::uint32_t member, std::uint32_t size) {
    engine_->record_sync(thread, make_team_enter(team, member, size, 0));
  }
  void leave_team(ProcId thread, Addr call = 0) { engine_->record_sync(thread, make_team_exit(call)); }
  void barrier(ProcId thread, Addr call = 0) { engine_->record_sync(thread, make_team_barrier(call)); }
  void lock(ProcId thread, std::uint64_t key) { engine_->record_sync(thread, make_lock_acquire(key)); }
  void unlock(ProcId thread, std::uint64_t key) { engine_->record_sync(thread, make_lock_release(key)); }
  void join(ProcId thread, StreamId child) { engine_->record_sync(thread, make_thread_join(child)); }
  void finish() { engine_->finish(); }

  // Thread 0 creates thread 1; each makes `count` accesses and exits; the run ends. Thread 1's events
  // are recorded after all of thread 0's when `thread1_last`, otherwise alternately with them.
  void two_threads(std::uint32_t count, bool thread1_last) {
    create(0, 1);
    if (thread1_last) {
      accesses(0, 0, count);
      accesses(1, 0, count);
    } else {
      for (std::uint32_t i = 0; i < count; ++i) {
        access(0, i);
        access(1, i);
      }
    }
    exit_thread(0);
    exit_thread(1);
    finish();
  }

  // The replayed accesses as "t<thread>a<index>" separated by spaces.
  std::string order() const {
    std::string text;
    for (const Replayed& r : replayed_) append(&text, access_name(r));
    return text;
  }

  // order(), with each layout change as "c<change>" where the sink received it.
  std::string order_with_changes() const {
    std::string text;
    std::size_t next_change = 0;
    auto append_changes_after = [&](std::size_t accesses) {
      for (; next_change < changes_.size() && changes_[next_change].after_accesses == accesses; ++next_change) {
        append(&text, "c" + std::to_string(changes_[next_change].change));
      }
    };
    for (std::size_t i = 0; i < replayed_.size(); ++i) {
      append_changes_after(i);
      append(&text, access_name(replayed_[i]));
    }
    append_changes_after(replayed_.size());
    return text;
  }

  // The replayed entry of thread `thread`'s access `index`.
  const Replayed& replayed(ProcId thread, std::uint32_t index) const {
    for (const Replayed& r : replayed_) {
      if (r.proc == thread && r.ref == thread * 100 + index) return r;
    }
    ADD_FAILURE() << "t" << thread << "a" << index << " was not replayed";
    return replayed_.front();
  }

  std::unique_ptr<ReplayEngine> engine_;
  std::vector<Replayed> replayed_;
  std::vector<ProcId> started_;  // processors in the order threads started on them
  std::vector<AppliedChange> changes_;  // layout changes in the order the sink received them

 private:
  static std::string access_name(const Replayed& r) {
    return "t" + std::to_string(r.proc) + "a" + std::to_string(r.ref % 100);
  }
  static void append(std::string* text, const std::string& token) {
    if (!text->empty()) *text += ' ';
    *text += token;
  }
  static void on_access(void* context, const Stream* thread, RefId ref, Addr, std::uint32_t, AccessKind) {
    static_cast<ReplayTest*>(context)->replayed_.push_back(
        Replayed{thread->proc, ref, thread->region(), thread->in_critical()});
  }
  static void on_start(void* context, ProcId proc) { static_cast<ReplayTest*>(context)->started_.push_back(proc); }
  static void on_layout_change(void* context, std::uint32_t change) {
    ReplayTest* test = static_cast<ReplayTest*>(context);
    test->changes_.push_back(AppliedChange{change, test->replayed_.size()});
  }
};

}  // namespace ccsim

#endif
