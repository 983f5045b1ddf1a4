// json_export.cc: the analysed profile as nlohmann::ordered_json, keys in a fixed, readable order.
#include "ccsim/annotate/exports/json_export.h"

#include <nlohmann/json.hpp>

#include "ccsim/annotate/analysis/culprit_edges.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/sharing_findings.h"
#include "ccsim/annotate/views/text_table.h"

namespace ccsim::annotate {

namespace {

using Json = nlohmann::ordered_json;

Json counts_json(const Profile& profile, const Counts& counts) {
  Json json = Json::object();
  for (std::size_t event = 0; event < profile.events.size(); ++event)
    json[profile.events[event]] = counts[event];
  return json;
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

}  // namespace

void write_json(std::ostream& out, const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  Json json;
  json["profiles"] = profile.file_names;
  json["header"] = header_json(profile.header);
  json["events"] = profile.events;
  json["selected_threads"] = options.threads.ranges.empty() ? "all" : options.threads.text;
  json["totals"] = counts_json(profile, analysis.totals);
  json["threads"] = Json::array();
  for (const ThreadRow& row : analysis.threads) {
    json["threads"].push_back({{"thread", row.thread}, {"counts", counts_json(profile, row.counts)}});
  }
  json["lines"] = Json::array();
  for (const LineRow& row : analysis.lines) {
    Json line = site_json(row.site);
    line["counts"] = counts_json(profile, row.counts);
    json["lines"].push_back(line);
  }
  json["functions"] = Json::array();
  for (const FunctionRow& row : analysis.functions) {
    json["functions"].push_back(
        {{"file", row.file}, {"function", row.function}, {"counts", counts_json(profile, row.counts)}});
  }
  json["objects"] = Json::array();
  for (const ObjectRow& row : analysis.objects) {
    const DataObject& object = profile.objects[row.object];
    json["objects"].push_back({{"kind", object.kind},
                               {"name", object.name},
                               {"address", hex(object.address)},
                               {"size", object.size},
                               {"file", object.file},
                               {"counts", counts_json(profile, row.counts)}});
  }
  json["regions"] = Json::array();
  for (const Region& region : profile.regions) {
    json["regions"].push_back({{"id", region.id},
                               {"file", region.file},
                               {"function", region.function},
                               {"line", region.line},
                               {"counts", counts_json(profile, region.counts)}});
  }
  Json edges = edges_json(analysis);
  json["invalidators"] = edges["invalidators"];
  json["evictors"] = edges["evictors"];
  json["line_details"] = Json::array();
  for (const LineUse& line : collect_line_uses(profile)) {
    Json threads = Json::array();
    for (const ThreadBytes& use : line.threads) {
      threads.push_back(
          {{"thread", use.thread}, {"read", ranges_json(use.read)}, {"written", ranges_json(use.written)}});
    }
    json["line_details"].push_back({{"object", object_name(profile.objects[line.object])},
                                    {"line_address", hex(line.line_address)},
                                    {"offset_in_object", line.offset_in_object},
                                    {"threads", threads},
                                    {"sharing", sharing_name(classify(line))}});
  }
  out << json.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace ccsim::annotate
