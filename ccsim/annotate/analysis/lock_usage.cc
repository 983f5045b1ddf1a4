// lock_usage.cc: see lock_usage.h.
#include "ccsim/annotate/analysis/lock_usage.h"

#include <algorithm>
#include <tuple>

#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

void add_thread(std::vector<ThreadId>& threads, ThreadId thread) {
  auto at = std::lower_bound(threads.begin(), threads.end(), thread);
  if (at == threads.end() || *at != thread) threads.insert(at, thread);
}

// The name a compiler gives the variable of `omp critical(name)`: GCC's ".gomp_critical_user_<name>",
// clang's ".gomp_critical_user_<name>.var". Empty when it is not one.
std::string critical_section_name(const std::string& variable) {
  const std::string prefix = ".gomp_critical_user_";
  if (variable.rfind(prefix, 0) != 0) return "";
  std::string name = variable.substr(prefix.size());
  const std::string suffix = ".var";
  if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    name.resize(name.size() - suffix.size());
  }
  return name;
}

// A heap bin's name is its allocation stack: the innermost frame says where.
std::string first_frame(const std::string& name) { return name.substr(0, name.find(" <- ")); }

}  // namespace

void LockThreadTotals::add(const LockThreadTotals& more) {
  acquisitions = checked_sum(acquisitions, more.acquisitions);
  hand_offs = checked_sum(hand_offs, more.hand_offs);
  contended = checked_sum(contended, more.contended);
  waited_accesses = checked_sum(waited_accesses, more.waited_accesses);
}

std::vector<LockUsage> lock_usages(const Profile& profile) {
  std::vector<LockUsage> usages(profile.locks.size());
  for (std::size_t i = 0; i < usages.size(); ++i) usages[i].lock = i;
  for (const LockThread& row : profile.lock_threads) {
    const LockThreadTotals counts{row.acquisitions, row.hand_offs, row.contended, row.waited_accesses};
    usages[row.lock].threads[row.thread].add(counts);
    usages[row.lock].total.add(counts);
  }
  std::vector<std::map<std::tuple<std::size_t, CodeSite>, LockSectionLine>> lines(usages.size());
  for (const LockSection& row : profile.lock_sections) {
    LockUsage& usage = usages[row.lock];
    const std::uint64_t misses = checked_sum(row.coherence_miss_true, row.coherence_miss_false);
    usage.invalidations.add(row.invalidations);
    usage.coherence_misses = checked_sum(usage.coherence_misses, misses);
    usage.transfers = checked_sum(usage.transfers, row.transfers);
    const CodeSite site = site_of(profile.references[row.reference]);
    LockSectionLine& line = lines[row.lock][{row.object, site}];
    line.object = row.object;
    line.site = site;
    line.invalidations.add(row.invalidations);
    line.coherence_misses = checked_sum(line.coherence_misses, misses);
    line.transfers = checked_sum(line.transfers, row.transfers);
    add_thread(line.threads, row.thread);
  }
  for (std::size_t i = 0; i < usages.size(); ++i) {
    for (auto& [key, line] : lines[i]) usages[i].lines.push_back(std::move(line));
    std::stable_sort(usages[i].lines.begin(), usages[i].lines.end(),
                     [](const LockSectionLine& a, const LockSectionLine& b) { return a.weight() > b.weight(); });
  }
  usages.erase(std::remove_if(usages.begin(), usages.end(),
                              [](const LockUsage& usage) { return usage.total.acquisitions == 0; }),
               usages.end());
  std::stable_sort(usages.begin(), usages.end(), [&](const LockUsage& a, const LockUsage& b) {
    if (a.total.acquisitions != b.total.acquisitions) return a.total.acquisitions > b.total.acquisitions;
    return profile.locks[a.lock].address < profile.locks[b.lock].address;
  });
  return usages;
}

std::string lock_name(const Lock& lock) {
  if (lock.kind == "omp-critical") return "the OpenMP critical lock";
  if (lock.kind == "omp-atomic") return "the OpenMP atomic lock";
  if (lock.kind == "omp-ordered") return "the OpenMP ordered lock";
  const std::string critical = critical_section_name(lock.name);
  if (!critical.empty()) return "the OpenMP critical lock '" + critical + "'";
  std::string kind = lock.kind == "mutex"      ? "mutex"
                     : lock.kind == "spinlock" ? "spin lock"
                     : lock.kind == "rwlock"   ? "reader-writer lock"
                     : lock.kind == "omp-lock" ? "omp_lock_t"
                                               : "lock";
  if (lock.name.empty()) return kind;
  if (lock.name.rfind("thread ", 0) == 0) return kind + " on the stack of " + lock.name;
  const std::string frame = first_frame(lock.name);
  if (frame != lock.name || lock.name.find(':') != std::string::npos) return kind + " in a heap block from " + frame;
  return kind + " " + lock.name;
}

std::string lock_text(const Lock& lock) {
  std::string text = "the lock at " + hex(lock.address) + " (" + lock_name(lock);
  if (lock.line != 0 || !lock.function.empty()) {
    text += ", first taken at " + site_location({lock.file, lock.line, lock.function}, FileNames::base);
  }
  return text + ")";
}

std::vector<UnlockedWriteLine> unlocked_write_lines(const Profile& profile) {
  std::map<std::tuple<std::size_t, CodeSite>, UnlockedWriteLine> lines;
  for (const UnlockedWrite& row : profile.unlocked_writes) {
    const CodeSite site = site_of(profile.references[row.reference]);
    UnlockedWriteLine& line = lines[{row.object, site}];
    line.object = row.object;
    line.site = site;
    line.stores = checked_sum(line.stores, row.stores);
    add_thread(line.threads, row.thread);
  }
  std::vector<UnlockedWriteLine> result;
  for (auto& [key, line] : lines) result.push_back(std::move(line));
  std::stable_sort(result.begin(), result.end(),
                   [](const UnlockedWriteLine& a, const UnlockedWriteLine& b) { return a.stores > b.stores; });
  return result;
}

}  // namespace ccsim::annotate
