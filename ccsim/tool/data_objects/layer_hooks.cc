// layer_hooks.cc: see layer_hooks.h.
#include "ccsim/tool/data_objects/layer_hooks.h"

namespace ccsim {

const LayerForwarding* layer_forwarding = nullptr;
const LiveStateMirror* live_state_mirror = nullptr;

}  // namespace ccsim
