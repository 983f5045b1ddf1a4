# strided_sets.profile: hand-written profile for the cache-set and working-set views (--working-set=yes).
# One thread, L1 4096 B 2-way 64 B lines (32 sets: a line's set is (address / 64) mod 32), no L2 or LLC,
# miss classes on. The thread reads `table` (16 lines from 0x120000, sets 0-15, one line each) once, then
# `strided` (0x10e000, 4096-byte aligned) at 8 addresses 4096 bytes apart, 100 times: its 8 lines are all in
# set 0, and a 2-way set holds 2 of them: 8 compulsory misses, then 99 x 8 = 792 replacement misses, all
# conflict misses (a fully associative cache of 64 lines holds the 8). The first strided miss (the 17th L1
# miss) takes set 0's empty way; the second evicts table's line in set 0; every later one evicts a strided
# line: 1 + 798 evictions.
# set-totals: 16 + 8 = 24 distinct lines, 792 replacement = conflict misses. set 0: 9 lines (8 + table's 1),
# 792 conflict misses > 2 x 792 / 32 = 49.5 and 9 > 2 ways: hot. The other sets have 1 line and no
# replacement miss: not written.
# object-resident (the mean, over the 816 L1 misses, of the lines held just before each): table holds t - 1
# before miss t = 1..16 (sum 120), 16 before misses 17 and 18, 15 before the 798 misses 19..816:
# 120 + 32 + 11,970 = 12,122 / 816 = 14.855 -> 14.86, peak 16. strided holds 0 before misses 1..17, 1
# before 18, 2 before the 798 later ones: 1,597 / 816 = 1.957 -> 1.96, peak 2.
# site-live: a heap site allocating 13 blocks of 100 bytes, 10 live at once at most, 7 left at the end.
ccsim-profile-version: 2
creator: ccsim 0.1.0
pid: 4242
command: ./strided_buffer 4096
sim-mode: interleaved
threads: 1
line-size: 64
cache: L1 4096 2 64
cache: L2 none
cache: LLC none
miss-classes: yes
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement L1_miss_capacity L1_miss_conflict L1_hit_temporal L1_hit_spatial L1_evictions L1_evicted_bytes_used served_by_transfer_from_modified served_by_transfer_from_exclusive served_by_transfer_from_shared served_by_memory downgrades_caused downgrades_received L1_miss_transfer
skipped: stack 0
thread: 1 main
file: 1 /home/me/strided_buffer.c
fn: 1 main
obj: 1 /home/me/strided_buffer
ref: 1 0x401156 1 1 1 34
ref: 2 0x401170 1 1 1 30
counts: 1 1 800 0 0 0 0 0 0 0 0 0 0 0 0 0 800 0 8 0 792 0 792 0 0 798 798 0 0 0 800 0 0 0
counts: 2 1 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 0 16 0 0 0 0 0 0 1 1 0 0 0 16 0 0 0
object: 1 global 0x10e000 33280 1 strided
object-origin: 1 program -
object: 2 global 0x120000 1024 1 table
object-origin: 2 program -
object: 3 heap 0x0 100 1 strided_buffer.c:40 main
object-origin: 3 program malloc
object-counts: 1 1 800 0 0 0 0 0 0 0 0 0 0 0 0 0 800 0 8 0 792 0 792 0 0 798 798 0 0 0 800 0 0 0
object-counts: 2 1 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 0 16 0 0 0 0 0 0 1 1 0 0 0 16 0 0 0
set-totals: L1 24 792 792
set: L1 0 9 792 792
object-set: 1 L1 0 1 8 792 792
object-set: 2 L1 0 1 1 0 0
object-set: 2 L1 1 1 1 0 0
object-set: 2 L1 2 1 1 0 0
object-set: 2 L1 3 1 1 0 0
object-set: 2 L1 4 1 1 0 0
object-set: 2 L1 5 1 1 0 0
object-set: 2 L1 6 1 1 0 0
object-set: 2 L1 7 1 1 0 0
object-set: 2 L1 8 1 1 0 0
object-set: 2 L1 9 1 1 0 0
object-set: 2 L1 10 1 1 0 0
object-set: 2 L1 11 1 1 0 0
object-set: 2 L1 12 1 1 0 0
object-set: 2 L1 13 1 1 0 0
object-set: 2 L1 14 1 1 0 0
object-set: 2 L1 15 1 1 0 0
object-resident: 1 L1 1.96 2
object-resident: 2 L1 14.86 16
site-live: 3 13 10 1000 7 700
summary: 816 0 0 0 0 0 0 0 0 0 0 0 0 0 816 0 24 0 792 0 792 0 0 799 799 0 0 0 816 0 0 0
