// options.h: ccsim's command-line options, parsed in one place (options.cc) with their defaults.
#ifndef CCSIM_TOOL_OPTIONS_H
#define CCSIM_TOOL_OPTIONS_H

#include "ccsim/core/geometry.h"
#include "ccsim/tool/sync.h"

namespace ccsim {

// Every option's value after parsing. Defaults are set in options.cc and shown by --help.
struct Options {
  MachineConfig machine;          // --L1, --L2, --LLC, --miss-classes
  const char* out_file = nullptr; // --ccsim-out-file (expanded at exit: %p, %q{VAR})
  bool trace_stack = true;        // --trace-stack
  bool instr_at_start = true;     // --instr-atstart
  SyncOptions sync;               // --sim-mode, --quantum, --schedule, --seed, --max-buffer, --trace-runtime
};

extern Options options;

void set_default_options();
// Recognises one option; returns false for an option that is not ccsim's. A bad value stops Valgrind with
// one sentence naming the option and what is allowed.
bool process_option(const char* arg);
// Cross-option checks after all options are read (e.g. equal line sizes); stops Valgrind on error.
void check_options();
void print_usage();
void print_debug_usage();

}  // namespace ccsim

#endif
