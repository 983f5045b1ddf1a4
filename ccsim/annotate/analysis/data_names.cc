// data_names.cc: naming a line's bytes by fields and variables.
#include "ccsim/annotate/analysis/data_names.h"

#include <algorithm>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

bool same_variable(const Variable& a, const Variable& b) {
  return a.known == b.known && a.offset == b.offset && a.label == b.label;
}

// The fields of `object` holding any byte of [first, last] (offsets in the object), in offset order.
std::vector<std::string> fields_in(const Profile& profile, std::size_t object, std::int64_t first, std::int64_t last) {
  std::vector<const ObjectField*> found;
  for (const ObjectField& field : profile.object_fields) {
    const std::int64_t start = static_cast<std::int64_t>(field.offset);
    if (field.object == object && start <= last && first < start + static_cast<std::int64_t>(field.size))
      found.push_back(&field);
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const ObjectField* a, const ObjectField* b) { return a->offset < b->offset; });
  std::vector<std::string> names;
  for (const ObjectField* field : found) {
    if (std::find(names.begin(), names.end(), field->name) == names.end()) names.push_back(field->name);
  }
  return names;
}

std::string range_text(std::int64_t first, std::int64_t last) {
  if (first == last) return "byte " + std::to_string(first);
  return "bytes " + std::to_string(first) + "-" + std::to_string(last);
}

}  // namespace

Variable variable_at(const Profile& profile, std::size_t object, std::int64_t offset) {
  const DataObject& data = profile.objects[object];
  Variable variable;
  if (data.kind == "stack") {
    for (const LocalVariable& local : profile.locals) {
      const std::int64_t start = static_cast<std::int64_t>(local.offset);
      if (local.object == object && start <= offset && offset < start + static_cast<std::int64_t>(local.size)) {
        return {true, local.name, local.name + " in " + local.function, start, local.size};
      }
    }
    return variable;
  }
  if (data.kind == "unknown") return variable;
  // A global, heap block or named range: the object is the variable, its offsets count from its start.
  return {true, object_name(data), object_name(data), 0, data.size};
}

std::vector<NamedBytes> named_bytes(const Profile& profile, const LineUse& line, const ByteRanges& ranges) {
  std::vector<NamedBytes> runs;
  for (const auto& [first, last] : ranges) {
    // Byte b of the line is byte b + offset_in_object of the object; runs split where the variable changes.
    std::uint64_t start = first;
    Variable variable = variable_at(profile, line.object, static_cast<std::int64_t>(first) + line.offset_in_object);
    for (std::uint64_t byte = first; byte <= last; ++byte) {
      Variable next = byte == last ? Variable{}
                                   : variable_at(profile, line.object,
                                                 static_cast<std::int64_t>(byte + 1) + line.offset_in_object);
      if (byte != last && same_variable(variable, next)) continue;
      const std::int64_t low = static_cast<std::int64_t>(start) + line.offset_in_object;
      const std::int64_t high = static_cast<std::int64_t>(byte) + line.offset_in_object;
      NamedBytes run;
      run.variable = variable;
      if (variable.known) {
        run.names = fields_in(profile, line.object, low, high);
        if (run.names.empty() && profile.objects[line.object].kind == "stack") run.names.push_back(variable.name);
        run.bytes = range_text(low - variable.offset, high - variable.offset) + " of " + variable.label;
      } else {
        run.bytes = range_text(static_cast<std::int64_t>(start), static_cast<std::int64_t>(byte)) + " of the line";
      }
      runs.push_back(std::move(run));
      start = byte + 1;
      variable = next;
    }
  }
  return runs;
}

std::string named_bytes_text(const std::vector<NamedBytes>& runs) {
  std::vector<std::string> parts;
  for (const NamedBytes& run : runs) {
    parts.push_back(run.names.empty() ? run.bytes : joined(run.names, " and ") + " (" + run.bytes + ")");
  }
  return joined(parts, ", ");
}

std::string named_thread_text(const Profile& profile, const LineUse& line, const ThreadBytes& use) {
  std::string text = profile.thread_name(use.thread);
  const std::string read = named_bytes_text(named_bytes(profile, line, use.read));
  const std::string written = named_bytes_text(named_bytes(profile, line, use.written));
  if (!use.read.empty() && use.read == use.written) return text + " reads and writes " + read;
  if (!use.read.empty()) text += " reads " + read;
  if (!use.read.empty() && !use.written.empty()) text += " and";
  if (!use.written.empty()) text += " writes " + written;
  if (use.read.empty() && use.written.empty()) text += " touches no byte";
  return text;
}

std::vector<Variable> variables_in(const Profile& profile, const std::vector<const LineUse*>& lines) {
  std::vector<Variable> variables;
  for (const LineUse* line : lines) {
    for (const ThreadBytes& use : line->threads) {
      for (const ByteRanges* ranges : {&use.read, &use.written}) {
        for (const NamedBytes& run : named_bytes(profile, *line, *ranges)) {
          if (!run.variable.known) continue;
          auto same = [&](const Variable& v) { return same_variable(v, run.variable); };
          if (std::find_if(variables.begin(), variables.end(), same) == variables.end())
            variables.push_back(run.variable);
        }
      }
    }
  }
  std::stable_sort(variables.begin(), variables.end(),
                   [](const Variable& a, const Variable& b) { return a.offset < b.offset; });
  return variables;
}

bool has_names(const Profile& profile, std::size_t object) {
  for (const ObjectField& field : profile.object_fields) {
    if (field.object == object) return true;
  }
  for (const LocalVariable& local : profile.locals) {
    if (local.object == object) return true;
  }
  return false;
}

std::string member_name(const std::string& field) {
  const std::size_t dot = field.find_last_of('.');
  return dot == std::string::npos ? field : field.substr(dot + 1);
}

}  // namespace ccsim::annotate
