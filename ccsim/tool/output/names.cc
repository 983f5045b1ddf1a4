// names.cc: NameTable on Valgrind's hash table (keyed by a hash of the text, compared in full).
#include "ccsim/tool/output/names.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// Hash table node: VgHashNode's layout (next, key) followed by the name.
struct NameNode {
  NameNode* next;
  UWord key;  // FNV-1a hash of text
  const HChar* text;
  std::uint32_t number;
};

UWord hash_text(const char* text) {
  UWord h = 14695981039346656037ull;
  for (const unsigned char* p = reinterpret_cast<const unsigned char*>(text); *p; ++p) {
    h = (h ^ *p) * 1099511628211ull;
  }
  return h;
}

Word compare_text(const void* a, const void* b) {
  return VG_(strcmp)(static_cast<const NameNode*>(a)->text, static_cast<const NameNode*>(b)->text);
}

}  // namespace

void NameTable::init(const char* cost_centre) {
  by_text_ = VG_(HT_construct)(cost_centre);
  by_number_ = VG_(newXA)(VG_(malloc), cost_centre, VG_(free), sizeof(const HChar*));
}

std::uint32_t NameTable::intern(const char* name) {
  NameNode probe{nullptr, hash_text(name), name, 0};
  NameNode* found = static_cast<NameNode*>(VG_(HT_gen_lookup)(by_text_, &probe, compare_text));
  if (found) return found->number;
  NameNode* node = static_cast<NameNode*>(VG_(malloc)("ccsim.names.node", sizeof(NameNode)));
  node->next = nullptr;
  node->key = probe.key;
  node->text = VG_(strdup)("ccsim.names.text", name);
  VG_(addToXA)(by_number_, &node->text);
  node->number = static_cast<std::uint32_t>(VG_(sizeXA)(by_number_));
  VG_(HT_add_node)(by_text_, node);
  return node->number;
}

std::uint32_t NameTable::count() const { return static_cast<std::uint32_t>(VG_(sizeXA)(by_number_)); }

const char* NameTable::name(std::uint32_t number) const {
  return *static_cast<const HChar**>(VG_(indexXA)(by_number_, number - 1));
}

}  // namespace ccsim
