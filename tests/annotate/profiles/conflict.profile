# conflict.profile: hand-written profile of one thread that alternately reads a[0] and b[0], two
# 128-byte arrays 128 bytes apart (0x404000, 0x404080), on a tiny direct-mapped L1 (128 B = 2 sets of
# one 64-byte line) with miss classification:
#    8   for (int i = 0; i < 10; i++) {
#    9     s += a[0];   (ref 1)
#   10     s += b[0];   (ref 2)
# Both lines map to set 0, so each access evicts the other line. a: 10 read misses, 1 compulsory and 9
# replacement; b likewise. A fully associative cache of 2 lines would hold both: all 18 replacement
# misses are conflict misses, none capacity. Each b access evicts a's line (10 evictions charged to
# ref 1, victim, by ref 2, evictor); each a access after the first evicts b's line (9, charged to ref 2
# by ref 1). Each evicted line had 8 of its 64 bytes touched: ref 1 80 bytes used, ref 2 72.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 6161
command: ./conflict
sim-mode: native
threads: 1
line-size: 64
cache: L1 128 1 64
cache: L2 none
cache: LLC none
miss-classes: yes
trace-stack: no
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement L1_miss_capacity L1_miss_conflict L1_hit_temporal L1_hit_spatial L1_evictions L1_evicted_bytes_used
skipped: stack 40
file: 1 /home/me/ccsim-example/conflict.c
fn: 1 sum_pairs
obj: 1 /home/me/ccsim-example/conflict
ref: 1 0x401130 1 1 1 9
ref: 2 0x401138 1 1 1 10
counts: 1 1 10 0 0 0 0 0 0 0 0 0 0 0 0 0 10 0 1 0 9 0 9 0 0 10 80
counts: 2 1 10 0 0 0 0 0 0 0 0 0 0 0 0 0 10 0 1 0 9 0 9 0 0 9 72
evictor: 1 1 2 1 L1 10
evictor: 2 1 1 1 L1 9
object: 1 global 0x404000 128 1 a
object: 2 global 0x404080 128 1 b
object-counts: 1 1 10 0 0 0 0 0 0 0 0 0 0 0 0 0 10 0 1 0 9 0 9 0 0 10 80
object-counts: 2 1 10 0 0 0 0 0 0 0 0 0 0 0 0 0 10 0 1 0 9 0 9 0 0 9 72
object-ref: 1 1 1 10 0 0 0 0 0 0 0 0 0 0 0 0 0 10 0 1 0 9 0 9 0 0 10 80
object-ref: 2 2 1 10 0 0 0 0 0 0 0 0 0 0 0 0 0 10 0 1 0 9 0 9 0 0 9 72
summary: 20 0 0 0 0 0 0 0 0 0 0 0 0 0 20 0 2 0 18 0 18 0 0 19 152
