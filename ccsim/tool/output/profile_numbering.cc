// profile_numbering.cc: see profile_numbering.h.
#include "ccsim/tool/output/profile_numbering.h"

#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/output/names.h"
#include "ccsim/tool/output/profile_file.h"

namespace ccsim {
namespace {

// Marks a used reference until number() gives it its profile number.
constexpr std::uint32_t kUsedReference = ~std::uint32_t(0);

const char* object_file_name(const Reference* ref) {
  return ref->object_file == 0 ? "" : reference_names().objects.name(ref->object_file);
}

// By object file name (unknown first), then by address, then the instruction's own reference before its
// allocator twin (references.h), the one pair with both equal. A total order: VG_(ssort) is not stable,
// so with ties the numbers would depend on the order the references were made in (which differs with
// --sim-threads=1, where the tool makes the references of synchronization calls as it sees them).
Int compare_references(const void* a, const void* b) {
  const Reference* x = *static_cast<const Reference* const*>(a);
  const Reference* y = *static_cast<const Reference* const*>(b);
  const Int by_object = VG_(strcmp)(object_file_name(x), object_file_name(y));
  if (by_object != 0) return by_object;
  if (x->address != y->address) return x->address < y->address ? -1 : 1;
  const bool x_twin = is_allocator_reference(x->id), y_twin = is_allocator_reference(y->id);
  if (x_twin != y_twin) return x_twin ? 1 : -1;
  return 0;
}

}  // namespace

ProfileNumbering::NameNumbers::NameNumbers(const char* cost_centre, std::uint32_t table_count)
    : by_table_number_(allocate_zeroed_array<std::uint32_t>(cost_centre, table_count + 1)),
      in_use_order_(cost_centre) {}

ProfileNumbering::NameNumbers::~NameNumbers() { release(by_table_number_); }

std::uint32_t ProfileNumbering::NameNumbers::use(std::uint32_t table_number) {
  if (table_number != 0 && by_table_number_[table_number] == 0) {
    in_use_order_.push_back(table_number);
    by_table_number_[table_number] = in_use_order_.size();
  }
  return by_table_number_[table_number];
}

void ProfileNumbering::NameNumbers::write(ProfileFile* file, const char* keyword, const NameTable& table) const {
  for (std::uint32_t i = 0; i < in_use_order_.size(); ++i) {
    file->printf("%s: %u %s\n", keyword, i + 1, table.name(in_use_order_[i]));
  }
}

ProfileNumbering::ProfileNumbering()
    : reference_numbers_(allocate_zeroed_array<std::uint32_t>("ccsim.out.refs", reference_count())),
      in_profile_order_("ccsim.out.refs"),
      other_source_files_("ccsim.out.files"),
      other_functions_("ccsim.out.functions"),
      files_("ccsim.out.files", reference_names().files.count()),
      functions_("ccsim.out.functions", reference_names().functions.count()),
      objects_("ccsim.out.objects", reference_names().objects.count()) {}

ProfileNumbering::~ProfileNumbering() { release(reference_numbers_); }

void ProfileNumbering::use_reference(RefId ref) { reference_numbers_[ref] = kUsedReference; }

void ProfileNumbering::use_source_file(std::uint32_t file) { other_source_files_.push_back(file); }

void ProfileNumbering::use_function(std::uint32_t function) { other_functions_.push_back(function); }

void ProfileNumbering::number() {
  for (RefId id = 0; id < reference_count(); ++id) {
    if (reference_numbers_[id] == kUsedReference) in_profile_order_.push_back(reference(id));
  }
  VG_(ssort)(in_profile_order_.data(), in_profile_order_.size(), sizeof(const Reference*), compare_references);
  for (std::uint32_t i = 0; i < in_profile_order_.size(); ++i) {
    const Reference* ref = in_profile_order_[i];
    reference_numbers_[ref->id] = i + 1;
    objects_.use(ref->object_file);
    files_.use(ref->source_file);
    functions_.use(ref->function);
  }
  for (std::uint32_t i = 0; i < other_source_files_.size(); ++i) files_.use(other_source_files_[i]);
  for (std::uint32_t i = 0; i < other_functions_.size(); ++i) functions_.use(other_functions_[i]);
}

std::uint32_t ProfileNumbering::reference_number(RefId ref) const {
  CCSIM_DEBUG_ASSERT(reference_numbers_[ref] != 0 && reference_numbers_[ref] != kUsedReference);
  return reference_numbers_[ref];
}

std::uint32_t ProfileNumbering::source_file_number(std::uint32_t file) const { return files_.number_of(file); }

std::uint32_t ProfileNumbering::function_number(std::uint32_t function) const {
  return functions_.number_of(function);
}

void ProfileNumbering::write_names_and_references(ProfileFile* file) const {
  const ReferenceNames& names = reference_names();
  files_.write(file, "file", names.files);
  functions_.write(file, "fn", names.functions);
  objects_.write(file, "obj", names.objects);
  for (std::uint32_t i = 0; i < in_profile_order_.size(); ++i) {
    const Reference* ref = in_profile_order_[i];
    file->printf("ref: %u 0x%lx %u %u %u %u\n", i + 1, ref->address, objects_.number_of(ref->object_file),
                 files_.number_of(ref->source_file), functions_.number_of(ref->function), ref->line);
  }
}

}  // namespace ccsim
