/* global_initializer.cc: heap blocks allocated by C++ dynamic initialization of globals, which GCC
   compiles into a function `_GLOBAL__sub_I_<first global>` (here _GLOBAL__sub_I_table): the allocation
   stacks name that frame by what it initializes, `table`. `table` comes from new[] at the line marked
   "site table", `one` from new at the line marked "site one"; main stores into both. */
long* table = new long[16]; /* ccsim-test: site table */
long* one = new long(5);    /* ccsim-test: site one */

int main() {
  for (int i = 0; i < 16; i++) table[i] = i;
  *one = 6;
  return table[3] == 3 && *one == 6 ? 0 : 1;
}
