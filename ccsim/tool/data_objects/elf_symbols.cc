// elf_symbols.cc: reads the section headers, the symbol table and its string table with VG_(pread).
#include "ccsim/tool/data_objects/elf_symbols.h"

#include <elf.h>

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// Refuse absurd sizes from a damaged file before allocating for them.
constexpr std::uint64_t kMaxSectionBytes = std::uint64_t(1) << 32;

// Reads `size` bytes at `offset` into a new block (freed by the caller with VG_(free)); null on failure.
void* read_block(Int fd, std::uint64_t offset, std::uint64_t size) {
  if (size == 0 || size > kMaxSectionBytes) return nullptr;
  HChar* block = static_cast<HChar*>(VG_(malloc)("ccsim.objects.elf", size));
  for (std::uint64_t done = 0; done < size;) {
    const std::uint64_t left = size - done;
    const Int chunk = static_cast<Int>(left < (1u << 30) ? left : (1u << 30));
    const SysRes read = VG_(pread)(fd, block + done, chunk, static_cast<OffT>(offset + done));
    if (sr_isError(read) || sr_Res(read) == 0) {
      VG_(free)(block);
      return nullptr;
    }
    done += sr_Res(read);
  }
  return block;
}

bool is_elf64(const Elf64_Ehdr& header) {
  return VG_(memcmp)(header.e_ident, ELFMAG, SELFMAG) == 0 && header.e_ident[EI_CLASS] == ELFCLASS64 &&
         header.e_shentsize == sizeof(Elf64_Shdr) && header.e_shnum > 0;
}

// .symtab when there is one (every symbol), else .dynsym (the exported ones); null when neither.
const Elf64_Shdr* symbol_table(const Elf64_Shdr* sections, std::uint32_t count) {
  const Elf64_Shdr* dynamic = nullptr;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (sections[i].sh_type == SHT_SYMTAB) return &sections[i];
    if (sections[i].sh_type == SHT_DYNSYM) dynamic = &sections[i];
  }
  return dynamic;
}

bool is_data_object(const Elf64_Sym& symbol) {
  return ELF64_ST_TYPE(symbol.st_info) == STT_OBJECT && symbol.st_size > 0 && symbol.st_shndx != SHN_UNDEF &&
         symbol.st_shndx < SHN_LORESERVE;
}

bool visit_symbols(Int fd, const Elf64_Ehdr& header, ElfDataSymbolVisitor visit, void* context) {
  Elf64_Shdr* sections =
      static_cast<Elf64_Shdr*>(read_block(fd, header.e_shoff, std::uint64_t(header.e_shnum) * sizeof(Elf64_Shdr)));
  if (sections == nullptr) return false;
  const Elf64_Shdr* table = symbol_table(sections, header.e_shnum);
  bool read = false;
  if (table != nullptr && table->sh_entsize == sizeof(Elf64_Sym) && table->sh_link < header.e_shnum) {
    const Elf64_Shdr& names_section = sections[table->sh_link];
    Elf64_Sym* symbols = static_cast<Elf64_Sym*>(read_block(fd, table->sh_offset, table->sh_size));
    HChar* names = static_cast<HChar*>(read_block(fd, names_section.sh_offset, names_section.sh_size));
    if (symbols != nullptr && names != nullptr) {
      names[names_section.sh_size - 1] = '\0';  // every name ends inside the table, even in a damaged file
      const std::uint64_t count = table->sh_size / sizeof(Elf64_Sym);
      // The local symbols of each input file follow its STT_FILE symbol (the ELF specification's order).
      const HChar* source_file = nullptr;
      for (std::uint64_t i = 0; i < count; ++i) {
        const Elf64_Sym& symbol = symbols[i];
        if (ELF64_ST_TYPE(symbol.st_info) == STT_FILE && symbol.st_name < names_section.sh_size) {
          source_file = names + symbol.st_name;
          continue;
        }
        if (!is_data_object(symbol) || symbol.st_name == 0 || symbol.st_name >= names_section.sh_size) continue;
        const bool local = ELF64_ST_BIND(symbol.st_info) == STB_LOCAL;
        visit(context, ElfDataSymbol{names + symbol.st_name, symbol.st_value, symbol.st_size,
                                     local ? source_file : nullptr});
      }
      read = true;
    }
    if (symbols != nullptr) VG_(free)(symbols);
    if (names != nullptr) VG_(free)(names);
  }
  VG_(free)(sections);
  return read;
}

}  // namespace

bool read_elf_data_symbols(const char* path, ElfDataSymbolVisitor visit, void* context) {
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened)) return false;
  const Int fd = static_cast<Int>(sr_Res(opened));
  Elf64_Ehdr header;
  const SysRes read = VG_(pread)(fd, &header, sizeof(header), 0);
  const bool ok = !sr_isError(read) && sr_Res(read) == sizeof(header) && is_elf64(header) &&
                  visit_symbols(fd, header, visit, context);
  VG_(close)(fd);
  return ok;
}

}  // namespace ccsim
