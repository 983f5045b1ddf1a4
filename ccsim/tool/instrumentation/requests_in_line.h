// requests_in_line.h: the preload's frequent client requests answered without leaving the translated code.
//
// A client request ends its superblock with an exit to Valgrind's scheduler, which calls the tool's
// handler and resumes the thread: about 150 ns a request here (perf/README.md), the larger part of what a
// wrapped lock call or allocator call cost the program's thread (two requests each). A superblock of
// ccsim's own preload that ends in a request instead ends in a call of a helper given the request's
// arguments: a request of the list in requests_in_line.cc is handled there, by the tool's own handler, its
// result put where Valgrind puts it, and the thread goes on to the next instruction; any other request
// takes a side exit to Valgrind as before. The handler sees what it sees from Valgrind: the thread's
// registers written back (the call declares that it reads and writes the whole guest state) and its
// instruction pointer past the request. The thread runs the same superblocks either way, and Valgrind
// counts a time slice in superblocks entered, not in exits to it, so the native order's thread switches
// fall where they fell.
//
// --requests-in-line=no (debug) leaves every request to Valgrind: the tests compare the two.
#ifndef CCSIM_TOOL_REQUESTS_IN_LINE_H
#define CCSIM_TOOL_REQUESTS_IN_LINE_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// The tool's client request handler (Valgrind's signature), which the helper calls.
using RequestHandler = Bool (*)(ThreadId tid, UWord* args, UWord* ret);
void init_requests_in_line(RequestHandler handler);

// `out` is a superblock of ccsim's preload that ends in a client request: appends the helper's call and
// the side exit to Valgrind for a request it does not answer, and makes the block's end a plain jump.
void answer_requests_in_line(IRSB* out);

}  // namespace ccsim

#endif
