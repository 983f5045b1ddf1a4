// profile_numbering.h: the numbers a profile gives its references and names (`ref:`, `file:`, `fn:`,
// `obj:`). In memory a reference's RefId and a name's number follow the order in which Valgrind translated
// the code, which changes with thread scheduling; the profile numbers them canonically instead, so that
// two runs of a deterministic program write the same numbers:
//   - only the references some record names are written, sorted by (object file name, address) - Valgrind
//     loads a program and its libraries at the same addresses every run - and numbered from 1;
//   - names are numbered from 1 in order of first use by those references, in that order, then by the
//     other records that name a source file (a heap bin's `object:` record) or a function (a `path-run:`
//     record), in the order they are written.
#ifndef CCSIM_TOOL_PROFILE_NUMBERING_H
#define CCSIM_TOOL_PROFILE_NUMBERING_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/types.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

class NameTable;
class ProfileFile;
struct Reference;

class ProfileNumbering {
 public:
  // Sized for the references and names that exist now; none may be added until the profile is written.
  ProfileNumbering();
  ~ProfileNumbering();
  ProfileNumbering(const ProfileNumbering&) = delete;
  ProfileNumbering& operator=(const ProfileNumbering&) = delete;

  // Before number(): a reference some record names, and a source file (NameTable number, 0 = unknown)
  // that a record names other than through a reference.
  void use_reference(RefId ref);
  void use_source_file(std::uint32_t file);
  // A function (NameTable number) a record names other than through a reference (an object path's run).
  void use_function(std::uint32_t function);
  // Gives every used reference and name its profile number.
  void number();

  // After number(): the profile numbers of a used reference, and of a source file or function that a
  // used reference or use_source_file() named (0, unknown, stays 0).
  std::uint32_t reference_number(RefId ref) const;
  std::uint32_t source_file_number(std::uint32_t file) const;
  std::uint32_t function_number(std::uint32_t function) const;
  // The `file:`, `fn:`, `obj:` and `ref:` records, in profile-number order.
  void write_names_and_references(ProfileFile* file) const;

 private:
  // One kind of name: the profile number of each NameTable number, given at its first use.
  class NameNumbers {
   public:
    NameNumbers(const char* cost_centre, std::uint32_t table_count);
    ~NameNumbers();
    NameNumbers(const NameNumbers&) = delete;
    NameNumbers& operator=(const NameNumbers&) = delete;
    // The profile number of `table_number`, given now when this is its first use; 0 (unknown) stays 0.
    std::uint32_t use(std::uint32_t table_number);
    std::uint32_t number_of(std::uint32_t table_number) const { return by_table_number_[table_number]; }
    void write(ProfileFile* file, const char* keyword, const NameTable& table) const;

   private:
    std::uint32_t* by_table_number_;             // NameTable number -> profile number (0: unused, unknown)
    GrowableArray<std::uint32_t> in_use_order_;  // NameTable numbers, by profile number - 1
  };

  std::uint32_t* reference_numbers_;                // by RefId: 0 unused, then (after number()) 1, 2, ...
  GrowableArray<const Reference*> in_profile_order_;  // the used references, by profile number - 1
  GrowableArray<std::uint32_t> other_source_files_;   // use_source_file() calls, in call order
  GrowableArray<std::uint32_t> other_functions_;      // use_function() calls, in call order
  NameNumbers files_;
  NameNumbers functions_;
  NameNumbers objects_;
};

}  // namespace ccsim

#endif
