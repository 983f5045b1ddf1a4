// svg_graph.cc: running Graphviz's dot on a graph's text. A separate program rather than libgvc: dot is
// what --graph's users already run, and a crash or a slow layout in it cannot take the report down.
#include "ccsim/annotate/exports/svg_graph.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/exports/graph.h"

extern char** environ;

namespace ccsim::annotate {

namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `dot -Tsvg -o svg_path dot_path`, its diagnostics into errors_path. Returns "" when it succeeded,
// else the sentence to report.
std::string run_dot(const std::string& dot_path, const std::string& svg_path, const std::string& errors_path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, errors_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::string program = "dot";
  std::string format = "-Tsvg";
  std::string output = "-o";
  char* arguments[] = {program.data(), format.data(), output.data(), const_cast<char*>(svg_path.c_str()),
                       const_cast<char*>(dot_path.c_str()), nullptr};
  pid_t pid = 0;
  int error = posix_spawnp(&pid, "dot", &actions, nullptr, arguments, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error == ENOENT) {
    return "--html draws its graphs with Graphviz's dot program, which is not on the PATH; install Graphviz "
           "(Debian: apt-get install graphviz) or put dot on the PATH";
  }
  if (error != 0) return std::string("--html could not run Graphviz's dot (") + std::strerror(error) + ")";
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  std::string diagnostics = file_text(errors_path);
  std::size_t end = diagnostics.find('\n');
  if (end != std::string::npos) diagnostics.resize(end);
  return "--html: Graphviz's dot failed on " + dot_path + (diagnostics.empty() ? "" : " (" + diagnostics + ")");
}

}  // namespace

std::string svg_culprit_graph(const Analysis& analysis, const Options& options, GraphKind kind,
                              const std::string& dir, const std::string& name) {
  Options graph_options = options;
  graph_options.graph = kind;
  std::string dot_path = dir + "/" + name + ".dot";
  std::string svg_path = dir + "/" + name + ".svg";
  std::string errors_path = dir + "/" + name + ".dot-errors";
  {
    std::ofstream dot(dot_path);
    write_culprit_graph(dot, analysis, graph_options);
    dot.close();
    if (!dot) {
      throw OptionError("--html=" + dir + ": " + dot_path + " cannot be written (" + std::strerror(errno) +
                        "); give a writable directory");
    }
  }
  std::string failure = run_dot(dot_path, svg_path, errors_path);
  std::remove(errors_path.c_str());
  if (!failure.empty()) throw OptionError(failure);
  std::string svg = file_text(svg_path);
  std::size_t start = svg.find("<svg");
  if (start == std::string::npos) throw OptionError("--html: Graphviz's dot wrote no SVG to " + svg_path);
  return svg.substr(start);
}

}  // namespace ccsim::annotate
