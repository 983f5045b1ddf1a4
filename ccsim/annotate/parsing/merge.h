// merge.h: summing the profiles of several runs, as cg_annotate sums several cachegrind.out files.
#ifndef CCSIM_ANNOTATE_MERGE_H
#define CCSIM_ANNOTATE_MERGE_H

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Adds `more` into `sum`. References are matched by address, object file, source file, function and
// line; data objects by kind, extent, file and name; regions by id; threads by thread id. Both profiles
// must have the same events and caches (ProfileHeader::cache_geometry), and the counts of each record kind
// together must stay below 2^64, else a ProfileError names `more`'s file. Unless `different_programs`
// (--sum-different), `more` must be a run of the same program as `sum`'s first profile: the executables
// of their commands (the first word, compared by base name, so that ./app and /home/me/app are one
// program) must be equal, else a ProfileError names both files and both commands. Runs of one program
// with other arguments may be summed; runs of two programs would mix their threads and lines into one
// run that never happened.
void add_profile(Profile& sum, const Profile& more, bool different_programs = false);

}  // namespace ccsim::annotate

#endif
