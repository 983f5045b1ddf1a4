// analysis.h: the profile added up the ways the views need it: per thread, per source line, per
// function, per data object. Built once; every view, graph and export reads it.
#ifndef CCSIM_ANNOTATE_ANALYSIS_H
#define CCSIM_ANNOTATE_ANALYSIS_H

#include <map>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/code_site.h"
#include "ccsim/annotate/analysis/runtime_parts.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The counts of one thread, all references added up.
struct ThreadRow {
  ThreadId thread = 0;
  Counts counts;
};

// The counts of one source line (every reference of the line, every selected thread).
struct LineRow {
  CodeSite site;
  Counts counts;
  bool runtime = false;  // every reference of the line is the runtime's (Analysis::runtime_references)
  RuntimePart part = RuntimePart::other;  // of a runtime line: the part of its references with most accesses
};

// The counts of one function of one source file.
struct FunctionRow {
  std::string file;
  std::string function;
  Counts counts;
  bool runtime = false;  // every reference of the function is the runtime's
  RuntimePart part = RuntimePart::other;  // of a runtime function: as LineRow::part
};

// The counts of one data object (its object-counts: records).
struct ObjectRow {
  std::size_t object = 0;  // index into Profile::objects
  Counts counts;
};

// Everything the views read, computed once by analyse().
struct Analysis {
  const Profile* profile = nullptr;    // the profile analysed; it must outlive the analysis
  Counts totals;                       // the sum of every counts: record
  std::vector<ThreadRow> threads;      // ascending thread id
  std::vector<LineRow> lines;          // ascending site (file, line, function)
  std::vector<FunctionRow> functions;  // ascending (file, function)
  std::vector<ObjectRow> objects;      // one per data object, in the profile's order
  // Per reference, the name of the data object it accessed most (by reads + writes), "" when unknown:
  // the object a reference's node and sentence mention.
  std::vector<std::string> reference_objects;
  // Per reference and per object: whether it belongs to the runtime (runtime_objects.h). A reference
  // counts as the runtime's when its instruction is in a runtime library or the object it accessed
  // most is a runtime object.
  std::vector<bool> runtime_references;
  std::vector<bool> runtime_objects;
  std::vector<RuntimePart> object_parts;  // per object (runtime_parts.h); meaningful for runtime objects

  // The line row of a site, or nullptr when the site has no counts.
  const LineRow* line_of(const CodeSite& site) const;
  // "read", "written" or "read and written", from the site's reads and writes; "accessed" when the
  // profile lacks those events.
  std::string access_of(const CodeSite& site) const;

 private:
  friend Analysis analyse(const Profile& profile);
  std::map<CodeSite, std::size_t> line_index_;  // site -> index into lines
};

Analysis analyse(const Profile& profile);

}  // namespace ccsim::annotate

#endif
