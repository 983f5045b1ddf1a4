// tool_preload.cc: dropping the preload's references and objects and renumbering what remains.
#include "ccsim/annotate/analysis/tool_preload.h"

#include <algorithm>
#include <optional>

#include "ccsim/annotate/analysis/counts.h"

namespace ccsim::annotate {

namespace {

// Old index -> new index, nothing for a removed element.
using Renumbering = std::vector<std::optional<std::size_t>>;

// Keeps the elements of `items` that `drop` does not name, and returns where each went.
template <class T, class Drop>
Renumbering keep(std::vector<T>& items, Drop drop) {
  Renumbering renumbering(items.size());
  std::size_t kept = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (drop(items[i])) continue;
    renumbering[i] = kept;
    if (kept != i) items[kept] = std::move(items[i]);
    ++kept;
  }
  items.resize(kept);
  return renumbering;
}

// Renumbers the index `index` of every record, removing the records whose index was removed.
template <class T>
void renumber(std::vector<T>& records, std::size_t T::*index, const Renumbering& renumbering) {
  records.erase(std::remove_if(records.begin(), records.end(),
                               [&](T& record) {
                                 const std::optional<std::size_t>& to = renumbering[record.*index];
                                 if (to) record.*index = *to;
                                 return !to;
                               }),
                records.end());
}

}  // namespace

bool names_tool_preload(const std::string& text) { return text.find("vgpreload_ccsim") != std::string::npos; }

void leave_out_tool_preload(Profile& profile) {
  const bool any_reference = std::any_of(profile.references.begin(), profile.references.end(),
                                         [](const Reference& r) { return names_tool_preload(r.object_file); });
  const bool any_object = std::any_of(profile.objects.begin(), profile.objects.end(),
                                      [](const DataObject& o) { return names_tool_preload(o.name); });
  if (!any_reference && !any_object) return;  // every profile of the current tool
  Renumbering references =
      keep(profile.references, [](const Reference& r) { return names_tool_preload(r.object_file); });
  Renumbering objects = keep(profile.objects, [](const DataObject& o) { return names_tool_preload(o.name); });
  renumber(profile.counts, &ThreadCounts::reference, references);
  renumber(profile.evictor_edges, &EvictorEdge::victim, references);
  renumber(profile.evictor_edges, &EvictorEdge::evictor, references);
  renumber(profile.invalidator_edges, &InvalidatorEdge::victim, references);
  renumber(profile.invalidator_edges, &InvalidatorEdge::invalidator, references);
  renumber(profile.object_references, &ObjectReferenceCounts::reference, references);
  renumber(profile.object_references, &ObjectReferenceCounts::object, objects);
  renumber(profile.object_counts, &ObjectThreadCounts::object, objects);
  renumber(profile.object_fields, &ObjectField::object, objects);
  renumber(profile.line_details, &LineDetail::object, objects);
  renumber(profile.line_writers, &LineWriter::object, objects);
  renumber(profile.line_writers, &LineWriter::reference, references);
  renumber(profile.placements, &PlacementPrediction::object, objects);
  Counts summary(profile.events.size(), 0);
  for (const ThreadCounts& record : profile.counts) add_counts(summary, record.counts);
  profile.summary = std::move(summary);
}

}  // namespace ccsim::annotate
