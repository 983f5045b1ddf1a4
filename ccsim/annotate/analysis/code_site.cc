// code_site.cc: ordering and printing of code sites.
#include "ccsim/annotate/analysis/code_site.h"

#include <tuple>

namespace ccsim::annotate {

bool operator<(const CodeSite& a, const CodeSite& b) {
  return std::tie(a.file, a.line, a.function) < std::tie(b.file, b.line, b.function);
}

bool operator==(const CodeSite& a, const CodeSite& b) {
  return std::tie(a.file, a.line, a.function) == std::tie(b.file, b.line, b.function);
}

CodeSite site_of(const Reference& reference) { return {reference.file, reference.line, reference.function}; }

std::string base_name(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool names_file(const std::string& recorded, const std::string& named) {
  return recorded == named ||
         (recorded.size() > named.size() && recorded.compare(recorded.size() - named.size(), named.size(), named) == 0 &&
          recorded[recorded.size() - named.size() - 1] == '/');
}

std::string site_location(const CodeSite& site, FileNames names) {
  if (site.file.empty() && site.line == 0) return site.function.empty() ? "???" : site.function;
  std::string file = site.file.empty() ? "???" : site.file;
  if (names == FileNames::base) file = base_name(file);
  return file + ":" + std::to_string(site.line);
}

std::string site_label(const CodeSite& site, FileNames names) {
  std::string function = site.function.empty() ? "???" : site.function;
  if (site.file.empty() && site.line == 0) return function;
  return site_location(site, names) + " (" + function + ")";
}

std::string function_label(const CodeSite& site) {
  return (site.file.empty() ? "" : site.file + ":") + (site.function.empty() ? "???" : site.function);
}

}  // namespace ccsim::annotate
