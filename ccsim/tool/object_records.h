// object_records.h: the data-object records of the profile (`object:`, `object-counts:`, `object-ref:`,
// `line-detail:`, `line-writer:`; docs/output-format.md), written before the summary.
#ifndef CCSIM_TOOL_OBJECT_RECORDS_H
#define CCSIM_TOOL_OBJECT_RECORDS_H

#include "ccsim/tool/event_columns.h"

namespace ccsim {

// Writes every object that had an event or appears in a line's detail, numbered from 1 in the order
// they were created, then their records. Only with --data-objects=yes.
void write_object_records(VgFile* file, const EventList& events);

}  // namespace ccsim

#endif
