// object_paths.cc: following heap blocks' lives through the code, and summing them into paths.
#include "ccsim/tool/data_objects/object_paths.h"

#include <cstring>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/events.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/object_access_counts.h"
#include "ccsim/tool/data_objects/object_blocks.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/options.h"

namespace ccsim {

bool paths_on = false;

namespace {

// One live followed block: the runs so far and the bytes its current run touched.
struct Life {
  ObjectId object;
  std::uint32_t number;  // its allocation number (ObjectExtent::life)
  std::uint32_t site;    // index into Paths::sites
  Addr start;
  std::uint64_t size;
  std::uint64_t born;  // Paths::allocations when it was allocated
  bool cut;            // more than kMaxRunsPerLife runs: the last one holds the rest
  std::uint64_t* touched;  // bit i: byte i of the block touched by the current run (size bits)
  std::uint64_t touched_words;  // the words `touched` has room for (a spare life's may exceed its size's)
  GrowableArray<PathRun> runs{"ccsim.paths.runs"};
};

// One followed site: its paths, each with a hash of its runs' (function, thread) sequence to find it.
struct Site {
  ObjectId object;
  bool named;
  std::uint64_t lives_unstored, lives_unfollowed;
  std::uint32_t path_count;
  ObjectPath paths[kMaxPathsPerSite];
  std::uint64_t hashes[kMaxPathsPerSite];
};

struct Paths {
  std::uint32_t sites_chosen_shared = 0;  // against --path-sites
  std::uint32_t site_count = 0;
  Site* sites[kMaxPathSites] = {};
  // Heap allocations applied so far, in the simulated order: the clock of a block's lifetime.
  std::uint64_t allocations = 0;
  HashMap<Addr, Life*> live{"ccsim.paths.live"};                       // by block start
  // Ended lives kept, with their arrays, for the next blocks followed: a program that allocates and frees
  // at a high rate (node containers, strings) starts and ends a life per block, and three allocations and
  // frees of the tool's arena per life were about 5% of a worker's time on perf/workloads/alloc_churn.c
  // (perf/README.md, "Ended lives kept"). At most kMaxLiveLives lives exist,
  // live or spare (new_life, finish_life), so the memory stays within what that many live lives may take.
  GrowableArray<Life*> spare{"ccsim.paths.spare"};
  HashMap<Addr, std::uint32_t> call_functions{"ccsim.paths.calls"};     // free call -> function number
};
Paths* paths = nullptr;

// The most shared sites --path-sites lets the run choose.
bool may_choose_shared() { return paths->sites_chosen_shared < options.path_sites; }

void follow_site(ObjectId id, bool named) {
  if (paths->site_count == kMaxPathSites) return;
  Site* site = allocate_zeroed_array<Site>("ccsim.paths.sites", 1);
  site->object = id;
  site->named = named;
  paths->sites[paths->site_count++] = site;
  data_object(id).path_site = paths->site_count;
}

std::uint32_t function_of_call(Addr call) {
  bool added = false;
  std::uint32_t& function = paths->call_functions.find_or_add(call, &added);
  if (added) {
    const char* name = function_name_of(call);
    function = name == nullptr ? 0 : function_number(name);
  }
  return function;
}

// A new run of `life` for (function, proc), unless it has all it may have: then the last one goes on.
PathRun& run_for(Life& life, std::uint32_t function, ProcId proc) {
  const std::uint32_t count = life.runs.size();
  if (count > 0) {
    PathRun& last = life.runs[count - 1];
    if (last.function == function && last.proc == proc) return last;
    if (count == kMaxRunsPerLife) {
      life.cut = true;
      return last;
    }
    std::memset(life.touched, 0, (life.size + 63) / 64 * sizeof(std::uint64_t));
  }
  PathRun run{};
  run.function = function;
  run.proc = proc;
  run.first_offset = ~std::uint64_t(0);
  life.runs.push_back(run);
  return life.runs[count];
}

std::uint64_t hash_of(const Life& life) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (std::uint32_t i = 0; i < life.runs.size(); ++i) {
    hash = (hash ^ (std::uint64_t(life.runs[i].function) << 32 | life.runs[i].proc)) * 0x100000001b3ull;
  }
  return hash;
}

bool same_path(const ObjectPath& path, const Life& life, bool freed) {
  if (path.run_count != life.runs.size() || path.freed != freed || path.cut != life.cut) return false;
  for (std::uint32_t i = 0; i < path.run_count; ++i) {
    if (path.runs[i].function != life.runs[i].function || path.runs[i].proc != life.runs[i].proc) return false;
  }
  return true;
}

void add_run(PathRun& to, const PathRun& run) {
  to.reads += run.reads;
  to.writes += run.writes;
  to.bytes += run.bytes;
  if (run.first_offset < to.first_offset) to.first_offset = run.first_offset;
  if (run.last_offset > to.last_offset) to.last_offset = run.last_offset;
  to.own_l2 += run.own_l2;
  to.llc += run.llc;
  to.transfer += run.transfer;
  to.memory += run.memory;
}

// The words of a touched-bytes mask for a block of `size` bytes: one more than its bytes need, as the mask
// always had (a block of no bytes still has a word).
std::uint64_t touched_words_for(std::uint64_t size) { return (size + 63) / 64 + 1; }

// A life for a block of `size` bytes, with no run and no byte touched: a spare one when there is one.
Life* new_life(std::uint64_t size) {
  const std::uint64_t words = touched_words_for(size);
  Life* life = nullptr;
  if (paths->spare.size() > 0) {
    life = paths->spare.pop_back();
    life->runs.clear();
    if (life->touched_words >= words) {
      std::memset(life->touched, 0, words * sizeof(std::uint64_t));
      return life;
    }
    release(life->touched);
  } else {
    life = create_object<Life>("ccsim.paths.life");
  }
  life->touched = allocate_zeroed_array<std::uint64_t>("ccsim.paths.touched", words);
  life->touched_words = words;
  return life;
}

void delete_life(Life* life) {
  release(life->touched);
  destroy_object(life);
}

// The life ends (its block freed, or the run over): summed into its site's path, and forgotten (kept as a
// spare while fewer than kMaxLiveLives lives exist; the caller has taken it out of the live table).
void finish_life(Life* life, bool freed) {
  Site& site = *paths->sites[life->site];
  const std::uint64_t hash = hash_of(*life);
  const std::uint64_t lifetime = paths->allocations - life->born;
  ObjectPath* path = nullptr;
  for (std::uint32_t i = 0; i < site.path_count && path == nullptr; ++i) {
    if (site.hashes[i] == hash && same_path(site.paths[i], *life, freed)) path = &site.paths[i];
  }
  if (path == nullptr && site.path_count < kMaxPathsPerSite) {
    site.hashes[site.path_count] = hash;
    path = &site.paths[site.path_count++];
    PathRun* runs = allocate_zeroed_array<PathRun>("ccsim.paths.paths", life->runs.size());
    for (std::uint32_t i = 0; i < life->runs.size(); ++i) {
      runs[i].function = life->runs[i].function;
      runs[i].proc = life->runs[i].proc;
      runs[i].first_offset = ~std::uint64_t(0);
    }
    *path = ObjectPath{life->runs.size(), runs, 0, freed, life->cut, 0, lifetime, lifetime};
  }
  if (path == nullptr) {
    ++site.lives_unstored;
  } else {
    ++path->lives;
    path->lifetime_sum += lifetime;
    if (lifetime < path->lifetime_min) path->lifetime_min = lifetime;
    if (lifetime > path->lifetime_max) path->lifetime_max = lifetime;
    PathRun* runs = const_cast<PathRun*>(path->runs);
    for (std::uint32_t i = 0; i < path->run_count; ++i) add_run(runs[i], life->runs[i]);
  }
  if (paths->spare.size() + paths->live.size() < kMaxLiveLives) {
    paths->spare.push_back(life);
  } else {
    delete_life(life);
  }
}

}  // namespace

void init_object_paths() {
  paths_on = options.path_sites > 0 || options.path_site_name_count > 0;
  if (paths_on) paths = create_object<Paths>("ccsim.paths");
}

void note_path_site(ObjectId object, std::uint32_t function) {
  DataObject& site = data_object(object);
  site.allocating_function = function;
  for (std::uint32_t i = 0; i < options.path_site_name_count; ++i) {
    if (object_named_in(site, options.path_site_names[i])) {
      follow_site(object, true);
      return;
    }
  }
}

void path_block_allocated(ObjectId object, Addr start, std::uint64_t size, std::uint32_t number, ProcId proc) {
  ++paths->allocations;
  const DataObject& site_object = data_object(object);
  if (site_object.path_site == 0) return;
  Site& site = *paths->sites[site_object.path_site - 1];
  if (paths->live.size() >= kMaxLiveLives || size > kLargestFollowedBlock) {
    ++site.lives_unfollowed;
    return;
  }
  Life* life = new_life(size);
  life->object = object;
  life->number = number;
  life->site = site_object.path_site - 1;
  life->start = start;
  life->size = size;
  life->born = paths->allocations;
  life->cut = false;
  run_for(*life, site_object.allocating_function, proc);
  bool added = false;
  Life*& slot = paths->live.find_or_add(start, &added);
  // The replay may reach an allocation before the free of the block the memory held before (heap_blocks.cc,
  // apply_block_allocated): that life ends here. (The heap layer forgets every cached range over the new
  // block's bytes, so its first access through each reference comes to follow_path_access.)
  if (!added) finish_life(slot, true);
  slot = life;
}

void name_call_function(Addr call, const char* function) {
  paths->call_functions.find_or_add(call) = function == nullptr ? 0 : function_number(function);
}

void path_block_freed(Addr start, std::uint32_t number, ProcId proc, Addr call) {
  Life** slot = paths->live.find(start);
  if (slot == nullptr || (*slot)->number != number) return;
  Life* life = *slot;
  paths->live.erase(start);
  run_for(*life, call == 0 ? 0 : function_of_call(call), proc);
  finish_life(life, true);
}

bool follow_path_access(const ObjectExtent& found, RefId ref, ProcId proc, Addr address, std::uint32_t size,
                        AccessKind kind) {
  DataObject& object = data_object(found.object);
  if (object.kind != ObjectKind::Heap) return false;
  if (object.path_site == 0) {
    // A site of the program's is chosen when a second thread touches its data, while --path-sites allows
    // more (the runtime's own blocks, a thread library's bookkeeping, are not what the paths are for).
    if (!may_choose_shared() || object.origin != ObjectOrigin::Program) return false;
    if (object.path_first_proc == 0) {
      object.path_first_proc = proc + 1;
    } else if (object.path_first_proc != proc + 1 && paths->site_count < kMaxPathSites) {
      ++paths->sites_chosen_shared;
      follow_site(found.object, false);
    }
    return false;
  }
  Life** slot = paths->live.find(found.base);
  if (slot == nullptr || (*slot)->number != found.life) return false;
  Life& life = **slot;
  PathRun& run = run_for(life, reference(ref)->function, proc);
  const Addr lines = ((address + size - 1) >> object_line_shift) - (address >> object_line_shift) + 1;
  (writes(kind) ? run.writes : run.reads) += lines;
  // The bytes of the access inside the block (an access may overhang its end).
  const std::uint64_t first = address - life.start;
  std::uint64_t last = first + size - 1;
  if (last >= life.size) last = life.size == 0 ? 0 : life.size - 1;
  if (first >= life.size) return true;
  if (first < run.first_offset) run.first_offset = first;
  if (last > run.last_offset) run.last_offset = last;
  // The bytes [first, last] set in the life's mask a word at a time (an access is mostly within one
  // word), counting those new to it: a bit per byte would cost a branch per byte of every access.
  for (std::uint64_t index = first / 64; index <= last / 64; ++index) {
    const std::uint32_t low = index == first / 64 ? static_cast<std::uint32_t>(first % 64) : 0;
    const std::uint32_t high = index == last / 64 ? static_cast<std::uint32_t>(last % 64) : 63;
    const std::uint64_t bits = bit_run(low, high - low + 1);
    std::uint64_t& word = life.touched[index];
    run.bytes += popcount_word(bits & ~word);
    word |= bits;
  }
  return true;
}

void path_miss_served(ObjectId object, Addr base, std::uint32_t source) {
  Life** slot = paths->live.find(base);
  if (slot == nullptr || (*slot)->object != object || (*slot)->runs.size() == 0) return;
  PathRun& run = (*slot)->runs[(*slot)->runs.size() - 1];
  switch (source) {
    case kServedByOwnL2: ++run.own_l2; break;
    case kServedByLLC: ++run.llc; break;
    case kServedByMemory: ++run.memory; break;
    default: ++run.transfer; break;  // from a Modified, Exclusive or Shared copy
  }
}

namespace {

// At exit: the lives still under way end as paths not freed (in the live table's order, which the
// accesses alone decide: the same in every worker of line shards). Once: the table is then empty.
void finish_open_lives() {
  GrowableArray<Life*> open("ccsim.paths.open");
  paths->live.for_each([&](Addr, Life* life) { open.push_back(life); });
  paths->live.clear();
  for (std::uint32_t i = 0; i < open.size(); ++i) finish_life(open[i], false);
}

}  // namespace

void for_each_path_site(PathSiteVisitor visit, void* context) {
  if (paths == nullptr) return;
  finish_open_lives();
  for (std::uint32_t i = 0; i < paths->site_count; ++i) {
    const Site& site = *paths->sites[i];
    std::uint64_t stored = 0;
    for (std::uint32_t p = 0; p < site.path_count; ++p) stored += site.paths[p].lives;
    visit(context, PathSiteTotals{site.object, site.named, stored, site.lives_unstored, site.lives_unfollowed,
                                  site.path_count, site.paths});
  }
}

void zero_object_paths() {
  if (paths == nullptr) return;
  paths->live.for_each([](Addr, Life* life) { delete_life(life); });
  paths->live.clear();
  for (std::uint32_t i = 0; i < paths->site_count; ++i) {
    Site& site = *paths->sites[i];
    for (std::uint32_t p = 0; p < site.path_count; ++p) release(const_cast<PathRun*>(site.paths[p].runs));
    site.path_count = 0;
    site.lives_unstored = 0;
    site.lives_unfollowed = 0;
  }
}

// The hand-over between workers of line shards (object_transfer.h). A path's runs, functions and
// threads come from the accesses, the same in every worker; only where its misses were served comes from
// the notices, each worker's for its own lines. So the sites, paths and runs are written by count, and
// each run's four served counts; the first worker checks that the shape is its own and adds them.
void write_path_misses(WordWriter* out) {
  if (paths == nullptr) {
    out->put(0);
    return;
  }
  finish_open_lives();
  out->put(paths->site_count);
  for (std::uint32_t i = 0; i < paths->site_count; ++i) {
    const Site& site = *paths->sites[i];
    out->put(site.path_count);
    for (std::uint32_t p = 0; p < site.path_count; ++p) {
      const ObjectPath& path = site.paths[p];
      out->put(path.run_count);
      for (std::uint32_t r = 0; r < path.run_count; ++r) {
        const PathRun& run = path.runs[r];
        const std::uint64_t served[] = {run.own_l2, run.llc, run.transfer, run.memory};
        out->put(served, 4);
      }
    }
  }
}

bool add_path_misses(WordReader* in) {
  const std::uint64_t sites = in->get();
  if (paths == nullptr) return in->ok() && sites == 0;
  finish_open_lives();
  if (!in->ok() || sites != paths->site_count) return false;
  for (std::uint32_t i = 0; i < paths->site_count; ++i) {
    const Site& site = *paths->sites[i];
    if (in->get() != site.path_count) return false;
    for (std::uint32_t p = 0; p < site.path_count; ++p) {
      const ObjectPath& path = site.paths[p];
      if (in->get() != path.run_count) return false;
      PathRun* runs = const_cast<PathRun*>(path.runs);
      for (std::uint32_t r = 0; r < path.run_count; ++r) {
        const std::uint64_t* served = in->take(4);
        if (served == nullptr) return false;
        runs[r].own_l2 += served[0];
        runs[r].llc += served[1];
        runs[r].transfer += served[2];
        runs[r].memory += served[3];
      }
    }
  }
  return in->ok();
}

}  // namespace ccsim
