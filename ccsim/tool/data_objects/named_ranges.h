// named_ranges.h: ranges the program names itself with CCSIM_NAME_RANGE(addr, size, name) (ccsim.h), e.g.
// the blocks of its own memory pool. Each distinct name is one object; a range named later wins over an
// earlier one where they overlap, and a name ends when the heap block holding it is freed. A request is
// a layout change (layout_changes.h): the range takes its name where the simulation reaches it.
#ifndef CCSIM_TOOL_NAMED_RANGES_H
#define CCSIM_TOOL_NAMED_RANGES_H

#include <cstdint>

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

void init_named_ranges();

// Handles CCSIM_NAME_RANGE: names [address, address + size) after the NUL-terminated string at
// `name_address` in client memory. A malformed request (empty range, range past the end of the address
// space, unreadable, empty or overlong name) is ignored after one sentence saying what is wrong; returns
// whether the range was named.
bool name_range(Addr address, std::uint64_t size, Addr name_address);

bool named_object_at(Addr address, ObjectExtent* found);

// Whether any range has been named so far in the simulated order (find_object's shortcut for heap blocks
// holds only while none has: a named range wins over the block it lies in).
bool any_range_named();

// [low, high] was freed (in the simulated order): the names given to any part of it end there.
void forget_named_ranges(Addr low, Addr high);

}  // namespace ccsim

#endif
