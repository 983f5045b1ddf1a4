// stack_variables.cc: describing invalidated stack bytes by the local variables holding them.
#include "ccsim/tool/data_objects/stack_variables.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/object_fields.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The stack lines whose bytes are described, at most: a line costs up to one description per byte (and
// per byte of the fields followed past it), each a walk of every global variable and of the thread's
// frames, about 0.1 ms with the C library's debug information. The hottest stack lines of a program are
// invalidated early and often, so the first lines invalidated are nearly always among them.
constexpr std::uint32_t kMaxDescribedLines = 1024;
// How many frames of a thread's stack are searched for the variable, as Valgrind's own description does.
constexpr std::uint32_t kFrames = 8;

std::uint32_t line_bytes = 0;

// The bytes of a line already described (whatever the answer): a bit per byte.
struct DescribedBytes {
  std::uint64_t mask[kMaxMaskWords];
};
HashMap<Addr, DescribedBytes>* described = nullptr;  // line address -> its described bytes
GrowableArray<StackVariable>* variables = nullptr;   // every variable found, names owned
GrowableArray<StackField>* fields = nullptr;         // every field found, names owned

bool same_text(const char* a, const char* b) { return VG_(strcmp)(a, b) == 0; }

void add_variable(const StackVariable& variable) {
  for (std::uint32_t i = 0; i < variables->size(); ++i) {
    const StackVariable& seen = (*variables)[i];
    if (seen.object == variable.object && seen.base == variable.base && seen.start == variable.start &&
        seen.size == variable.size && same_text(seen.name, variable.name) &&
        same_text(seen.function, variable.function))
      return;
  }
  variables->push_back(StackVariable{variable.object, variable.base, variable.start, variable.size,
                                     VG_(strdup)("ccsim.objects.stack_names", variable.name),
                                     VG_(strdup)("ccsim.objects.stack_names", variable.function)});
}

// What for_each_field() reports of one variable goes to `fields`, but the variable itself (a field named
// as the variable: it has no fields) is no field.
struct FieldContext {
  const StackVariable* variable;
};

void add_field(void* context, const ObjectField& field) {
  const StackVariable& variable = *static_cast<FieldContext*>(context)->variable;
  if (same_text(field.name, variable.name)) return;
  for (std::uint32_t i = 0; i < fields->size(); ++i) {
    const StackField& seen = (*fields)[i];
    if (seen.object == variable.object && seen.base == variable.base && seen.start == field.start &&
        seen.size == field.size && same_text(seen.name, field.name))
      return;
  }
  fields->push_back(StackField{variable.object, variable.base, field.start, field.size,
                               VG_(strdup)("ccsim.objects.stack_names", field.name)});
}

// The variable of the frame `description` names that holds `address`: its extent from the frame's blocks
// (the variables live at that code address, at offsets from the frame's stack or frame pointer), its
// function from the frame's code address. False when the frame or the block is not found.
bool variable_at(Addr address, const DataDescription& description, const ObjectExtent& stack, StackVariable* found,
                 HChar* function, std::uint32_t function_size) {
  Addr ips[kFrames];
  Addr sps[kFrames];
  Addr fps[kFrames];
  const UInt frames = VG_(get_StackTrace)(description.tid, ips, kFrames, sps, fps, 0);
  if (description.frame >= frames) return false;
  const std::uint32_t frame = description.frame;
  bool located = false;
  // Valgrind also looks one byte past a caller's return address, as GCC's location lists may leave out the
  // call instruction (debuginfo.c, VG_(get_data_description)).
  const Addr code[2] = {ips[frame], ips[frame] + 1};
  for (std::uint32_t try_ip = 0; try_ip < (frame == 0 ? 1u : 2u) && !located; ++try_ip) {
    const Addr ip = code[try_ip];
    XArray* blocks = VG_(di_get_stack_blocks_at_ip)(ip, False);
    for (Word i = 0; i < VG_(sizeXA)(blocks) && !located; ++i) {
      const StackBlock* block = static_cast<const StackBlock*>(VG_(indexXA)(blocks, i));
      const Addr start = (block->spRel ? sps[frame] : fps[frame]) + block->base;
      if (address - start < block->szB) {
        found->start = start;
        found->size = block->szB;
        located = true;
      }
    }
    VG_(deleteXA)(blocks);
  }
  if (!located || found->start < stack.low || found->start + found->size - 1 > stack.high) return false;
  const HChar* name = nullptr;
  if (!VG_(get_fnname)(VG_(current_DiEpoch)(), ips[frame], &name)) name = "?";
  VG_(strncpy)(function, name, function_size - 1);
  function[function_size - 1] = '\0';
  return true;
}

}  // namespace

void init_stack_variables(std::uint32_t bytes_per_line) {
  line_bytes = bytes_per_line;
  described = create_object<HashMap<Addr, DescribedBytes>>("ccsim.objects", "ccsim.objects.stack_lines");
  variables = create_object<GrowableArray<StackVariable>>("ccsim.objects", "ccsim.objects.stack_variables");
  fields = create_object<GrowableArray<StackField>>("ccsim.objects", "ccsim.objects.stack_fields");
}

void describe_stack_bytes(Addr line, Addr low, Addr high, const ObjectExtent& stack) {
  if (described == nullptr) return;
  DescribedBytes* bytes = described->find(line);
  if (bytes == nullptr) {
    if (described->size() >= kMaxDescribedLines) return;
    bytes = &described->find_or_add(line);
    *bytes = DescribedBytes{};
  }
  const auto is_described = [&](Addr address) {
    const Addr byte = address - line;
    return ((bytes->mask[byte / 64] >> (byte % 64)) & 1) != 0;
  };
  const auto mark = [&](Addr first, Addr last) {
    mask_set(bytes->mask, mask_words_for(line_bytes), ByteRange{static_cast<std::uint32_t>(first - line),
                                                                  static_cast<std::uint32_t>(last - first + 1)});
  };
  for (Addr address = low; address <= high; ++address) {
    if (is_described(address)) continue;
    const DataDescription description = describe_data_address(address);
    StackVariable variable{stack.object, stack.base, 0, 0, nullptr, nullptr};
    HChar function[kMaxFieldName];
    if (!description.found || !description.local ||
        !variable_at(address, description, stack, &variable, function, sizeof function)) {
      mark(address, address);
      continue;
    }
    // The variable's name: the description's path up to its first field or element.
    HChar name[kMaxFieldName];
    std::uint32_t length = 0;
    while (description.name[length] != '\0' && description.name[length] != '.' && description.name[length] != '[') {
      name[length] = description.name[length];
      ++length;
    }
    name[length] = '\0';
    variable.name = name;
    variable.function = function;
    add_variable(variable);
    const Addr last = variable.start + variable.size - 1;
    const Addr until = high < last ? high : last;
    FieldContext context{&variable};
    for_each_field(address, until, variable.start, last, add_field, &context);
    mark(address, until);
    address = until;
  }
}

void for_each_stack_variable(ObjectId object, Addr low, Addr high, StackVariableVisitor visit, void* context) {
  if (variables == nullptr) return;
  for (std::uint32_t i = 0; i < variables->size(); ++i) {
    const StackVariable& variable = (*variables)[i];
    if (variable.object == object && variable.start <= high && low <= variable.start + variable.size - 1)
      visit(context, variable);
  }
}

void for_each_stack_field(ObjectId object, Addr low, Addr high, StackFieldVisitor visit, void* context) {
  if (fields == nullptr) return;
  for (std::uint32_t i = 0; i < fields->size(); ++i) {
    const StackField& field = (*fields)[i];
    if (field.object == object && field.start <= high && low <= field.start + field.size - 1) visit(context, field);
  }
}

}  // namespace ccsim
