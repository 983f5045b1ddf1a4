// object_moves.h: how each data object's lines moved between threads, from the `object-transfer:` records
// (version 2 profiles): DProf's "bounce" flag, counted. A transfer is a miss served by another thread's
// copy of the line (docs/model.md, "Where a miss is served").
#ifndef CCSIM_ANNOTATE_OBJECT_MOVES_H
#define CCSIM_ANNOTATE_OBJECT_MOVES_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// One object's transfers, and how many threads took part (supplied or received one).
struct ObjectMoves {
  std::uint64_t transfers = 0;
  std::size_t threads = 0;
};

// By object index (Profile::objects).
std::vector<ObjectMoves> object_moves(const Profile& profile);

// The objects view's "moved between threads" cell: "16 among 2 threads", or "-" for none.
std::string moved_text(const ObjectMoves& moves);

}  // namespace ccsim::annotate

#endif
