// named_ranges.cc: CCSIM_NAME_RANGE and the layer of named ranges.
#include "ccsim/tool/data_objects/named_ranges.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/output/names.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// One request that took effect: where its range starts (offsets in the object count from there) and
// the object of its name.
struct NamedRange {
  Addr start;
  ObjectId object;
};
GrowableArray<NamedRange>* requests = nullptr;

// The whole address space, each range bound to 1 + an index into `requests` (0: not named). Binding
// splits and merges ranges as needed, so a later name simply overwrites an earlier one; it costs
// O(ranges), which suits the few ranges programs name.
RangeMap* ranges_by_address = nullptr;

// Distinct names, numbered by the NameTable; the object of name n is objects_by_name[n - 1].
NameTable names;
GrowableArray<ObjectId>* objects_by_name = nullptr;

constexpr std::uint32_t kMaxNameLength = 255;

// Copies the NUL-terminated string at `address` in client memory into `text` (kMaxNameLength + 1
// bytes). Returns null, or what is wrong with the string; every page is checked before it is read.
const char* read_name(Addr address, HChar* text) {
  for (std::uint32_t i = 0; i <= kMaxNameLength; ++i) {
    const Addr at = address + i;
    if ((i == 0 || (at & (VKI_PAGE_SIZE - 1)) == 0) && !VG_(am_is_valid_for_client)(at, 1, VKI_PROT_READ)) {
      return "the name is not a readable NUL-terminated string";
    }
    text[i] = *reinterpret_cast<const HChar*>(at);
    if (text[i] == '\0') {
      if (i == 0) return "the name is empty";
      return nullptr;
    }
    // Names are the last field of a one-line record in the profile.
    if (static_cast<unsigned char>(text[i]) < ' ') return "the name contains a control character (a name is one line)";
  }
  return "the name is longer than 255 characters";
}

const char* check_request(Addr address, std::uint64_t size, Addr name_address, HChar* name) {
  if (size == 0) return "the size is 0; give the number of bytes to name";
  if (address + size - 1 < address) return "the range runs past the end of the address space";
  return read_name(name_address, name);
}

// The layer's side of a request: the range takes its name where the simulation reaches the request.
void apply_range_named(const LayoutChange& change) {
  add_object_extent(change.object, change.start, change.size);
  requests->push_back(NamedRange{change.start, change.object});
  const Addr last = change.start + change.size - 1;
  VG_(bindRangeMap)(ranges_by_address, change.start, last, requests->size());
  forget_ranges(change.start, last);
}

}  // namespace

void init_named_ranges() {
  set_layout_change_apply(LayoutChangeKind::RangeNamed, apply_range_named);
  requests = create_object<GrowableArray<NamedRange>>("ccsim.objects", "ccsim.objects.named");
  ranges_by_address = VG_(newRangeMap)(VG_(malloc), "ccsim.objects.named_map", VG_(free), 0);
  names.init("ccsim.objects.names");
  objects_by_name = create_object<GrowableArray<ObjectId>>("ccsim.objects", "ccsim.objects.by_name");
}

bool name_range(Addr address, std::uint64_t size, Addr name_address) {
  HChar name[kMaxNameLength + 1];
  if (const char* problem = check_request(address, size, name_address, name)) {
    VG_(umsg)("ccsim: CCSIM_NAME_RANGE(0x%lx, %llu, 0x%lx) was ignored: %s.\n", address, static_cast<ULong>(size),
              name_address, problem);
    return false;
  }
  // The request is checked, and its name read, now: the client may reuse the string's memory.
  const std::uint32_t number = names.intern(name);
  if (number > objects_by_name->size()) {
    objects_by_name->push_back(add_object(ObjectKind::Named, address, size, 0, name));
  }
  change_layout(VG_(get_running_tid)(),
                LayoutChange{LayoutChangeKind::RangeNamed, address, size, (*objects_by_name)[number - 1], 0});
  return true;
}

bool named_object_at(Addr address, ObjectExtent* found) {
  UWord low = 0;
  UWord high = 0;
  UWord request = 0;
  VG_(lookupRangeMap)(&low, &high, &request, ranges_by_address, address);
  found->low = low;
  found->high = high;
  if (request == 0) return false;
  const NamedRange& named = (*requests)[request - 1];
  found->object = named.object;
  found->base = named.start;
  return true;
}

bool any_range_named() { return requests->size() != 0; }

void forget_named_ranges(Addr low, Addr high) {
  // One range covering everything: nothing is named, and the common case costs no rebinding.
  if (VG_(sizeRangeMap)(ranges_by_address) == 1) return;
  VG_(bindRangeMap)(ranges_by_address, low, high, 0);
}

}  // namespace ccsim
