// json_export.cc: the analysed profile as nlohmann::ordered_json, keys in a fixed, readable order.
#include "ccsim/annotate/exports/json_export.h"

#include "ccsim/annotate/exports/drill_down_export.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "ccsim/annotate/analysis/culprit_edges.h"
#include "ccsim/annotate/analysis/data_names.h"
#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/analysis/lock_findings.h"
#include "ccsim/annotate/analysis/lock_usage.h"
#include "ccsim/annotate/analysis/cache_sets.h"
#include "ccsim/annotate/analysis/object_blocks.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/region_barriers.h"
#include "ccsim/annotate/analysis/region_phases.h"
#include "ccsim/annotate/analysis/object_moves.h"
#include "ccsim/annotate/analysis/object_paths.h"
#include "ccsim/annotate/analysis/sharing_findings.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/tables/ranked_rows.h"

namespace ccsim::annotate {

namespace {

using Json = nlohmann::ordered_json;

// A row's ratio columns (ranked_table.h), by heading: the fraction, or null for 0/0.
Json ratios_json(const CountColumns& ratios, const Counts& counts) {
  Json json = Json::object();
  const std::vector<std::optional<double>> values = ratios.values(counts);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i]) {
      json[ratios.headings()[i]] = *values[i];
    } else {
      json[ratios.headings()[i]] = nullptr;
    }
  }
  return json;
}

Json block_counts_json(const BlockCounts& counts) {
  Json json = Json::object();
  for (std::size_t i = 0; i < kBlockCounts; ++i) json[kBlockCountNames[i]] = counts[i];
  return json;
}

// The phase counts by name (kPhaseCountNames), from `first` on.
Json phase_counts_json(const PhaseCounts& counts, std::size_t first = 0) {
  Json json = Json::object();
  for (std::size_t i = first; i < kPhaseCounts; ++i) json[kPhaseCountNames[i]] = counts[i];
  return json;
}

// Per barrier (the regions view's rows, in its order) its objects and detailed lines (region_phases.h);
// then `regions`: each region the profile gives one by one, with its objects.
Json phases_json(const Profile& profile) {
  Json json = Json::object();
  for (const bool each : {false, true}) {
    Json list = Json::array();
    for (const Phase& phase : region_phases(profile, each)) {
      if (phase.objects.empty() && phase.lines.empty()) continue;
      Json row = {{"file", phase.regions.first->file},
                  {"function", phase.regions.first->function},
                  {"line", phase.regions.first->line},
                  {"objects", Json::array()}};
      if (each) {
        row["region"] = phase.regions.first->id;
      } else {
        row["epochs"] = phase.regions.epochs;
        row["lines"] = Json::array();
      }
      for (const PhaseObjectRow& object : phase.objects) {
        row["objects"].push_back({{"object", object_name(profile.objects[object.object])},
                                  {"full_name", profile.objects[object.object].name},
                                  {"counts", phase_counts_json(object.counts)}});
      }
      for (const PhaseLineRow& line : phase.lines) {
        row["lines"].push_back({{"line_address", hex(line.line_address)},
                                {"counts", phase_counts_json(line.counts, kFirstLinePhaseCount)}});
      }
      list.push_back(std::move(row));
    }
    json[each ? "regions" : "barriers"] = std::move(list);
  }
  return json;
}

// The timeline (null without one): unit, width, intervals, and per object its counts per interval.
Json timeline_json(const Profile& profile) {
  if (profile.timeline.unit.empty()) return nullptr;
  Json json = {{"unit", profile.timeline.unit},
               {"width", profile.timeline.width},
               {"intervals", profile.timeline.intervals},
               {"objects", Json::array()}};
  for (const TimelineRow& row : timeline_rows(profile)) {
    Json intervals = Json::array();
    for (const PhaseCounts& counts : row.intervals) intervals.push_back(phase_counts_json(counts));
    json["objects"].push_back({{"object", object_name(profile.objects[row.object])},
                               {"full_name", profile.objects[row.object].name},
                               {"intervals", std::move(intervals)}});
  }
  return json;
}

// Object paths: per followed heap site, its lives, block lifetime and paths with their runs (totals over the
// path's lives, as the profile gives them, and the cycles of the --latency table).
Json paths_json(const Profile& profile, const LatencyTable& latencies) {
  Json list = Json::array();
  for (const PathSite& site : profile.path_sites) {
    const DataObject& object = profile.objects[site.object];
    const Lifetime lifetime = site_lifetime(site);
    Json paths = Json::array();
    for (const ObjectPath& path : site.paths) {
      Json runs = Json::array();
      for (const PathRun& run : path.runs) {
        runs.push_back({{"function", run.function},
                        {"thread", run.thread},
                        {"changed_thread", run.changed},
                        {"reads", run.reads},
                        {"writes", run.writes},
                        {"bytes", run.bytes},
                        {"offsets", run.touched ? Json::array({run.first_offset, run.last_offset}) : Json(nullptr)},
                        {"l1_misses", {{"own_l2", run.own_l2}, {"llc", run.llc}, {"other_core", run.transfer},
                                       {"memory", run.memory}}},
                        {"cycles", run_cycles(run, latencies)}});
      }
      paths.push_back({{"lives", path.lives},
                       {"freed", path.freed},
                       {"cut", path.cut},
                       {"thread_changes", thread_changes(path)},
                       {"text", path_text(path)},
                       {"lifetime", {{"sum", path.lifetime_sum}, {"min", path.lifetime_min}, {"max", path.lifetime_max}}},
                       {"runs", runs}});
    }
    list.push_back({{"object", object.name},
                    {"label", object_name(object)},
                    {"chosen", site.named ? "named" : "shared"},
                    {"lives_followed", site.lives_stored},
                    {"lives_not_stored", site.lives_unstored},
                    {"lives_not_followed", site.lives_unfollowed},
                    {"lifetime", {{"mean", lifetime.mean}, {"min", lifetime.shortest}, {"max", lifetime.longest}}},
                    {"paths", paths}});
  }
  return list;
}

// Every object with block histograms (object_blocks.h), in --view=blocks' order.
Json blocks_json(const Profile& profile) {
  Json list = Json::array();
  for (const ObjectBlocks& blocks : object_blocks(profile)) {
    Json buckets = Json::array();
    for (const BlockBucket& bucket : blocks.buckets) {
      Json threads = Json::array();
      for (const auto& [thread, counts] : bucket.threads) {
        threads.push_back({{"thread", thread}, {"counts", block_counts_json(counts)}});
      }
      buckets.push_back({{"block", bucket.block},
                         {"lines", bucket.lines},
                         {"offset", bucket.offset},
                         {"first_byte", bucket.first_byte},
                         {"last_byte", bucket.last_byte},
                         {"fields", bucket.fields},
                         {"counts", block_counts_json(bucket.total)},
                         {"threads", threads}});
    }
    Json edges = nullptr;
    if (blocks.has_edges) {
      edges = {{"invalidations", blocks.edges.invalidations}, {"sentence", blocks.edges.sentence}, {"edges", Json::array()}};
      for (const ChunkEdges::Edge& edge : blocks.edges.edges) {
        edges["edges"].push_back({{"block", blocks.buckets[edge.bucket].block},
                                  {"first_byte", blocks.buckets[edge.bucket].first_byte},
                                  {"last_byte", blocks.buckets[edge.bucket].last_byte},
                                  {"threads", {edge.before, edge.after}}});
      }
    }
    const DataObject& object = profile.objects[blocks.object];
    list.push_back({{"object", object.name},
                    {"label", object_name(object)},
                    {"kind", object.kind},
                    {"counts", block_counts_json(blocks.total)},
                    {"not_in_blocks", block_counts_json(blocks.not_in_blocks)},
                    {"buckets", buckets},
                    {"chunk_edges", edges}});
  }
  return list;
}

Json set_counts_json(const SetCounts& counts) {
  return {{"lines", counts.lines}, {"replacement_misses", counts.replacement}, {"conflict_misses", counts.conflict}};
}

// Cache sets and working set (cache_sets.h): per level its written sets, per object and level its
// histogram and finding, its lines resident, and the heap sites' live blocks.
Json working_set_json(const Profile& profile) {
  Json levels = Json::array();
  for (const LevelSets& level : level_sets(profile)) {
    Json sets = Json::array();
    for (const SetRow& row : level.rows) {
      Json objects = Json::array();
      for (const SetObject& object : row.objects) {
        objects.push_back({{"object", profile.objects[object.object].name}, {"counts", set_counts_json(object.counts)}});
      }
      sets.push_back({{"set", row.set}, {"counts", set_counts_json(row.counts)}, {"hot", row.hot}, {"objects", objects}});
    }
    levels.push_back({{"level", level.level},
                      {"sets", level.sets},
                      {"associativity", level.associativity},
                      {"counts", set_counts_json(level.total)},
                      {"average_misses", level.average_misses},
                      {"hot_sets", level.hot_sets},
                      {"written_sets", sets}});
  }
  Json histograms = Json::array();
  for (const ObjectSetHistogram& histogram : object_set_histograms(profile)) {
    Json buckets = Json::array();
    for (const ObjectSet& bucket : histogram.buckets) {
      buckets.push_back({{"first_set", bucket.first_set}, {"sets", bucket.sets}, {"counts", set_counts_json(bucket.counts)}});
    }
    histograms.push_back({{"object", profile.objects[histogram.object].name},
                          {"label", object_name(profile.objects[histogram.object])},
                          {"level", histogram.level},
                          {"used_sets", histogram.used_sets},
                          {"counts", set_counts_json(histogram.total)},
                          {"buckets", buckets},
                          {"finding", histogram.crowded ? Json(histogram.finding) : Json(nullptr)},
                          {"advice", histogram.crowded ? Json(histogram.advice) : Json(nullptr)}});
  }
  Json resident = Json::array();
  for (const ObjectResident& row : profile.object_residents) {
    resident.push_back({{"object", profile.objects[row.object].name},
                        {"level", row.level},
                        {"average_lines", static_cast<double>(row.average_hundredths) / 100},
                        {"peak_lines", row.peak}});
  }
  Json sites = Json::array();
  for (const SiteLive& row : profile.site_lives) {
    sites.push_back({{"object", profile.objects[row.object].name},
                     {"allocations", row.allocations},
                     {"peak_blocks", row.peak_blocks},
                     {"peak_bytes", row.peak_bytes},
                     {"blocks_at_end", row.blocks_at_end},
                     {"bytes_at_end", row.bytes_at_end}});
    Json blocks = Json::array(), bytes = Json::array();
    for (const auto& [point_blocks, point_bytes] : row.series) {
      blocks.push_back(point_blocks);
      bytes.push_back(point_bytes);
    }
    sites.back()["over_the_run"] = {
        {"allocations_per_point", row.allocations_per_point}, {"blocks", blocks}, {"bytes", bytes}};
  }
  return {{"levels", levels}, {"object_sets", histograms}, {"resident_lines", resident}, {"heap_sites_live", sites}};
}

Json header_json(const ProfileHeader& header) {
  Json caches = Json::array();
  for (const CacheLevel& cache : header.caches) {
    Json level = {{"level", cache.name}, {"present", cache.present}};
    if (cache.present) {
      level["size"] = cache.size;
      level["associativity"] = cache.associativity;
      level["line_size"] = cache.line_size;
    }
    caches.push_back(level);
  }
  Json skipped = Json::object();
  for (const auto& [what, accesses] : header.skipped) skipped[what] = accesses;
  Json json = {{"version", header.version},
               {"creator", header.creator},
               {"pid", header.pid},
               {"command", header.command},
               {"sim_mode", header.sim_mode},
               {"threads", header.threads},
               {"line_size", header.line_size},
               {"caches", caches},
               {"miss_classes", header.miss_classes},
               {"trace_stack", header.trace_stack},
               {"skipped", skipped}};
  if (header.replay_early_flushes) json["replay_early_flushes"] = *header.replay_early_flushes;
  Json labels = Json::object();
  for (const auto& [thread, label] : header.thread_labels) labels[std::to_string(thread)] = label;
  json["thread_labels"] = labels;
  return json;
}

Json site_json(const CodeSite& site) {
  return {{"file", site.file}, {"line", site.line}, {"function", site.function}};
}

Json endpoint_json(const Endpoint& endpoint) {
  Json json = site_json(endpoint.site);
  json["object"] = endpoint.object;
  json["thread"] = endpoint.thread;
  return json;
}

Json ranges_json(const ByteRanges& ranges) {
  Json json = Json::array();
  for (const auto& [first, last] : ranges) json.push_back({first, last});
  return json;
}

const char* sharing_name(Sharing sharing) {
  switch (sharing) {
    case Sharing::true_sharing:
      return "true";
    case Sharing::false_sharing:
      return "false";
    case Sharing::true_and_false_sharing:
      return "true_and_false";
    case Sharing::none:
      break;
  }
  return "none";
}

}  // namespace

Json split_json(const InvalidationSplit& split) {
  return {{"total", split.total()},
          {"true_in_region", split.true_in_region},
          {"true_in_region_critical", split.true_in_region_critical},
          {"false_in_region", split.false_in_region},
          {"true_across_regions", split.true_across_regions},
          {"false_across_regions", split.false_across_regions}};
}

namespace {

Json finding_lines_json(const std::vector<FindingLine>& lines) {
  Json json = Json::array();
  for (const FindingLine& line : lines) {
    Json entry = site_json(line.site);
    entry["invalidations"] = line.invalidations;
    entry["threads"] = line.threads;
    json.push_back(entry);
  }
  return json;
}

// The stores that invalidated copies of one line (its line-writer: records), with their source lines.
Json line_writers_json(const Profile& profile, std::size_t object, std::uint64_t line_address) {
  Json json = Json::array();
  for (const LineWriter& writer : profile.line_writers) {
    if (writer.object != object || writer.line_address != line_address) continue;
    Json entry = site_json(site_of(profile.references[writer.reference]));
    entry["thread"] = writer.thread;
    entry["invalidations"] = writer.invalidations;
    json.push_back(entry);
  }
  return json;
}

// A thread's bytes in the user's words (data_names.h): per run, the fields or variable holding it and the
// bytes relative to what they count from.
Json named_json(const Profile& profile, const LineUse& line, const ByteRanges& ranges) {
  Json json = Json::array();
  for (const NamedBytes& run : named_bytes(profile, line, ranges)) {
    Json entry = {{"names", run.names}, {"bytes", run.bytes}};
    if (run.variable.known) entry["variable"] = run.variable.label;
    json.push_back(entry);
  }
  return json;
}

// The read and written ranges are offsets in the line (byte_offsets_from says so); named_read and
// named_written give them by field or variable.
Json line_use_json(const Profile& profile, const LineUse& line) {
  Json threads = Json::array();
  for (const ThreadBytes& use : line.threads) {
    threads.push_back({{"thread", use.thread},
                       {"read", ranges_json(use.read)},
                       {"written", ranges_json(use.written)},
                       {"named_read", named_json(profile, line, use.read)},
                       {"named_written", named_json(profile, line, use.written)}});
  }
  std::vector<std::string> variables;
  for (const Variable& variable : variables_in(profile, {&line})) variables.push_back(variable.label);
  return {{"object", object_name(profile.objects[line.object])},
          {"line_address", hex(line.line_address)},
          {"offset_in_object", line.offset_in_object},
          {"byte_offsets_from", "line"},
          {"variables", variables},
          {"threads", threads},
          {"sharing", sharing_name(classify(line))},
          {"writers", line_writers_json(profile, line.object, line.line_address)}};
}

const char* kind_name(SharingClass::Kind kind) {
  switch (kind) {
    case SharingClass::Kind::true_sharing:
      return "true";
    case SharingClass::Kind::true_and_false_sharing:
      return "true_and_false";
    case SharingClass::Kind::false_sharing:
      break;
  }
  return "false";
}

const char* when_name(SharingClass::When when) {
  switch (when) {
    case SharingClass::When::across_regions:
      return "across_regions";
    case SharingClass::When::in_and_across_regions:
      return "in_and_across_regions";
    case SharingClass::When::in_region:
      break;
  }
  return "in_region";
}

// Every finding whole, whatever --threshold, --min-invalidations and --top say: class, counts, cost, lines,
// bytes, advice; `reported` says whether it reaches --threshold and --min-invalidations, as the text's do.
Json findings_json(const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  Findings findings = find_findings(analysis, options.latencies, options.show_runtime);
  std::vector<const Finding*> reported = shown_findings(findings, options.threshold_percent, options.min_invalidations,
                                                        findings.findings.size());
  Json list = Json::array();
  for (const Finding& finding : findings.findings) {
    Json lines = Json::array();
    for (const LineUse* line : finding.lines) lines.push_back(line_use_json(profile, *line));
    Json objects = Json::array();
    for (std::size_t index : finding.objects) {
      const DataObject& object = profile.objects[index];
      objects.push_back({{"name", object_name(object)},
                         {"kind", object.kind},
                         {"size", object.size},
                         {"full_name", object.name}});
    }
    list.push_back({{"objects", objects},
                    {"title_objects", finding.object_texts},
                    {"class", class_text(finding.sharing)},
                    {"sharing", kind_name(finding.sharing.kind)},
                    {"when", when_name(finding.sharing.when)},
                    {"critical", finding.sharing.critical},
                    {"invalidations", split_json(finding.split)},
                    {"coherence_misses", finding.coherence_misses},
                    {"invalidations_caused", finding.invalidations_caused},
                    {"cycles", finding.cycles},
                    {"share_of_memory_time", share_text(finding.cycles, findings.memory_cycles)},
                    {"writing_lines", finding_lines_json(finding.culprits)},
                    {"losing_lines", finding_lines_json(finding.victims)},
                    {"cache_lines", lines},
                    {"advice", finding.advice},
                    {"reported", std::find(reported.begin(), reported.end(), &finding) != reported.end()}});
  }
  return {{"latency", latency_text(options.latencies)},
          {"memory_cycles", findings.memory_cycles},
          {"order_limit", order_limit_sentence(profile.header)},
          {"min_invalidations", options.min_invalidations},
          {"runtime_objects_left_out", findings.runtime_objects},
          {"runtime_cycles_left_out", findings.runtime_cycles},
          {"list", list}};
}

Json edges_json(const Analysis& analysis) {
  Json json = {{"invalidators", Json::array()}, {"evictors", Json::array()}};
  for (const CulpritEdge& edge : invalidation_edges(analysis)) {
    json["invalidators"].push_back({{"victim", endpoint_json(edge.victim)},
                                    {"invalidator", endpoint_json(edge.culprit)},
                                    {"count", edge.count},
                                    {"true_in_region", edge.split.true_in_region},
                                    {"true_in_region_critical", edge.split.true_in_region_critical},
                                    {"false_in_region", edge.split.false_in_region},
                                    {"true_across_regions", edge.split.true_across_regions},
                                    {"false_across_regions", edge.split.false_across_regions}});
  }
  for (const CacheLevel& cache : analysis.profile->header.caches) {
    if (!cache.present) continue;
    for (const CulpritEdge& edge : eviction_edges(analysis, cache.name)) {
      json["evictors"].push_back({{"level", cache.name},
                                  {"victim", endpoint_json(edge.victim)},
                                  {"evictor", endpoint_json(edge.culprit)},
                                  {"count", edge.count}});
    }
  }
  return json;
}

Json lock_counts_json(const LockThreadTotals& counts) {
  return {{"acquisitions", counts.acquisitions},
          {"hand_offs", counts.hand_offs},
          {"contended", counts.contended},
          {"waited_accesses", counts.waited_accesses}};
}

// --view=locks: every lock, most acquisitions first.
Json locks_json(const Profile& profile) {
  Json json = Json::array();
  for (const LockUsage& usage : lock_usages(profile)) {
    const Lock& lock = profile.locks[usage.lock];
    Json threads = Json::array();
    for (const auto& [thread, counts] : usage.threads) {
      Json row = lock_counts_json(counts);
      row["thread"] = thread;
      row["name"] = profile.thread_name(thread);
      threads.push_back(row);
    }
    Json lines = Json::array();
    for (const LockSectionLine& line : usage.lines) {
      Json row = site_json(line.site);
      row["object"] = object_name(profile.objects[line.object]);
      row["threads"] = line.threads;
      row["invalidations"] = split_json(line.invalidations);
      row["coherence_misses"] = line.coherence_misses;
      row["transfers"] = line.transfers;
      lines.push_back(row);
    }
    json.push_back({{"address", hex(lock.address)},
                    {"kind", lock.kind},
                    {"name", lock.name},
                    {"label", lock_name(lock)},
                    {"first_acquired_at", site_json({lock.file, lock.line, lock.function})},
                    {"total", lock_counts_json(usage.total)},
                    {"threads", threads},
                    {"critical_sections", {{"invalidations", split_json(usage.invalidations)},
                                           {"coherence_misses", usage.coherence_misses},
                                           {"transfers", usage.transfers},
                                           {"lines", lines}}}});
  }
  return json;
}

Json unlocked_writes_json(const Profile& profile) {
  Json json = Json::array();
  for (const UnlockedWriteLine& line : unlocked_write_lines(profile)) {
    Json row = site_json(line.site);
    row["object"] = object_name(profile.objects[line.object]);
    row["threads"] = line.threads;
    row["stores"] = line.stores;
    json.push_back(row);
  }
  return json;
}

}  // namespace

// A row's counts by event name (json_export.h).
Json counts_json(const Profile& profile, const Counts& counts) {
  Json json = Json::object();
  for (std::size_t event = 0; event < profile.events.size(); ++event)
    json[profile.events[event]] = counts[event];
  return json;
}

void write_json(std::ostream& out, const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  Json json;
  json["profiles"] = profile.file_names;
  json["header"] = header_json(profile.header);
  json["findings"] = findings_json(analysis, options);
  json["events"] = profile.events;
  json["selected_threads"] = options.threads.ranges.empty() ? "all" : options.threads.text;
  json["totals"] = counts_json(profile, analysis.totals);
  json["threads"] = Json::array();
  for (const ThreadRow& row : analysis.threads) {
    json["threads"].push_back({{"thread", row.thread},
                               {"name", profile.thread_name(row.thread)},
                               {"counts", counts_json(profile, row.counts)}});
  }
  const CountColumns ratios = row_ratio_columns(profile, true);
  json["lines"] = Json::array();
  for (const LineRow& row : analysis.lines) {
    Json line = site_json(row.site);
    line["counts"] = counts_json(profile, row.counts);
    line["ratios"] = ratios_json(ratios, row.counts);
    json["lines"].push_back(line);
  }
  json["functions"] = Json::array();
  for (const FunctionRow& row : analysis.functions) {
    json["functions"].push_back({{"file", row.file},
                                 {"function", row.function},
                                 {"counts", counts_json(profile, row.counts)},
                                 {"ratios", ratios_json(ratios, row.counts)}});
  }
  json["objects"] = Json::array();
  // Each object's counts per thread (its object-counts: records), side by side under the object.
  std::vector<Json> object_threads(profile.objects.size(), Json::array());
  for (const ObjectThreadCounts& record : profile.object_counts) {
    object_threads[record.object].push_back({{"thread", record.thread}, {"counts", counts_json(profile, record.counts)}});
  }
  const std::vector<ObjectMoves> moves = object_moves(profile);
  for (const ObjectRow& row : analysis.objects) {
    const DataObject& object = profile.objects[row.object];
    json["objects"].push_back({{"kind", object.kind},
                               {"name", object.name},
                               {"label", object_name(object)},
                               {"runtime", static_cast<bool>(analysis.runtime_objects[row.object])},
                               {"address", hex(object.address)},
                               {"size", object.size},
                               {"file", object.file},
                               {"counts", counts_json(profile, row.counts)},
                               {"ratios", ratios_json(ratios, row.counts)},
                               {"threads", object_threads[row.object]}});
    // Version 2 profiles: the objects view's "moved between threads" column.
    if (profile.header.version >= 2) {
      json["objects"].back()["moved_between_threads"] = {{"transfers", moves[row.object].transfers},
                                                         {"threads", moves[row.object].threads}};
    }
  }
  json["regions"] = Json::array();
  for (const Region& region : profile.regions) {
    json["regions"].push_back({{"id", region.id},
                               {"file", region.file},
                               {"function", region.function},
                               {"line", region.line},
                               {"counts", counts_json(profile, region.counts)}});
  }
  json["barriers"] = Json::array();
  for (const BarrierRegions& barrier : regions_by_barrier(profile)) {
    json["barriers"].push_back({{"file", barrier.first->file},
                                {"function", barrier.first->function},
                                {"line", barrier.first->line},
                                {"epochs", barrier.epochs},
                                {"counts", counts_json(profile, barrier.counts)}});
  }
  json["phases"] = phases_json(profile);
  json["timeline"] = timeline_json(profile);
  Json edges = edges_json(analysis);
  json["invalidators"] = edges["invalidators"];
  json["evictors"] = edges["evictors"];
  json["blocks"] = blocks_json(profile);
  json["cache_sets"] = working_set_json(profile);
  json["paths"] = paths_json(profile, options.latencies);
  json["line_details"] = Json::array();
  for (const LineUse& line : collect_line_uses(profile)) json["line_details"].push_back(line_use_json(profile, line));
  json["locks"] = locks_json(profile);
  json["unlocked_writes"] = unlocked_writes_json(profile);
  json["lock_findings"] = lock_findings(profile);
  const Json drill_downs = drill_downs_json(analysis, options);  // --object, --function
  for (const auto& [key, value] : drill_downs.items()) json[key] = value;
  out << json.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace ccsim::annotate
