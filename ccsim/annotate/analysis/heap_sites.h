// heap_sites.h: heap objects by allocation site. The tool tells heap blocks apart by several frames of
// their allocation stack, so one malloc reached by two paths is two objects with the same short name;
// a user thinks of it as one (the site they would change). Unless --heap-paths=separate, the reader
// merges them.
#ifndef CCSIM_ANNOTATE_HEAP_SITES_H
#define CCSIM_ANNOTATE_HEAP_SITES_H

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Merges the heap objects whose short names (object_label.h) are equal into the first of them: their
// counts, matrix cells, line details and line writers are moved to it and its size becomes the largest.
// The merged object keeps the first path's whole stack as its name.
void merge_heap_sites(Profile& profile);

// Names every heap object by its whole allocation stack (--heap-paths=separate).
void name_heap_objects_by_stack(Profile& profile);

}  // namespace ccsim::annotate

#endif
