// log_hand_overs.cc: see log_hand_overs.h.
#include "ccsim/tool/workers/log_hand_overs.h"

namespace ccsim {

HandOverClock hand_over_clock;

void start_hand_over_clock(void (*hand_over)()) {
  hand_over_clock.hand_over = hand_over;
  hand_over_clock.accesses = 0;
}

}  // namespace ccsim
