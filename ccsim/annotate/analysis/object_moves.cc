// object_moves.cc: see object_moves.h.
#include "ccsim/annotate/analysis/object_moves.h"

#include <set>

#include "ccsim/annotate/analysis/counts.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

std::vector<ObjectMoves> object_moves(const Profile& profile) {
  std::vector<ObjectMoves> moves(profile.objects.size());
  std::vector<std::set<ThreadId>> threads(profile.objects.size());  // the threads of each object's transfers
  for (const ObjectTransfer& transfer : profile.object_transfers) {
    ObjectMoves& object = moves[transfer.object];
    object.transfers = checked_sum(object.transfers, transfer.split.total());
    threads[transfer.object].insert(transfer.from_thread);
    threads[transfer.object].insert(transfer.to_thread);
  }
  for (std::size_t object = 0; object < moves.size(); ++object) moves[object].threads = threads[object].size();
  return moves;
}

std::string moved_text(const ObjectMoves& moves) {
  if (moves.transfers == 0) return "-";
  return with_commas(moves.transfers) + " among " + std::to_string(moves.threads) + " threads";
}

}  // namespace ccsim::annotate
