# counters.profile: hand-written profile of counters.c (beside this file), interleaved mode.
# Threads 2 and 3 each increment their own 8-byte counter 1000 times (one line access that writes per
# increment); counters[0] is bytes 0-7 and counters[1] bytes 8-15 of the line 0x404040. They alternate:
#   T2 w1 (compulsory miss), T3 w1 (compulsory miss, invalidates T2), T2 w2 (coherence miss,
#   invalidates T3), ..., T2 w1000, T3 w1000 (invalidates T2).
# T2: 1000 write misses = 1 compulsory + 999 coherence, all false (T3 only wrote bytes 8-15);
#     received 1000 false in-region invalidations (from each T3 write), caused 999 (its writes 2..1000).
# T3: 1000 write misses = 1 compulsory + 999 coherence (false); received 999, caused 1000.
# Then thread 1 reads counters[0] (ref 2: compulsory miss) and counters[1] (ref 3, same line 30:
# spatial hit, bytes 8-15 not touched before).
# line-writer: T3's increments (ref 1) removed T2's copy 1000 times, T2's removed T3's 999 times.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 4242
command: ./counters 2 1000
sim-mode: interleaved
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement L1_hit_temporal L1_hit_spatial L1_evictions L1_evicted_bytes_used
skipped: stack 0
skipped: runtime 36
file: 1 /home/me/ccsim-example/counters.c
fn: 1 worker
fn: 2 main
obj: 1 /home/me/ccsim-example/counters
ref: 1 0x401156 1 1 1 12
ref: 2 0x4011b0 1 1 2 30
ref: 3 0x4011b8 1 1 2 30
counts: 1 2 0 1000 0 999 0 0 1000 0 0 0 0 999 0 0 0 1000 1 999
counts: 1 3 0 1000 0 999 0 0 999 0 0 0 0 1000 0 0 0 1000 1 999
counts: 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 1
counts: 3 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1
invalidator: 1 2 1 3 0 0 1000 0 0
invalidator: 1 3 1 2 0 0 999 0 0
object: 1 global 0x404040 16 1 counters
object-counts: 1 1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 1 0 0 0 1
object-counts: 1 2 0 1000 0 999 0 0 1000 0 0 0 0 999 0 0 0 1000 1 999
object-counts: 1 3 0 1000 0 999 0 0 999 0 0 0 0 1000 0 0 0 1000 1 999
object-ref: 1 1 2 0 1000 0 999 0 0 1000 0 0 0 0 999 0 0 0 1000 1 999
object-ref: 1 1 3 0 1000 0 999 0 0 999 0 0 0 0 1000 0 0 0 1000 1 999
object-ref: 1 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 1
object-ref: 1 3 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1
line-detail: 1 0x404040 0 2 R - W 0-7
line-detail: 1 0x404040 0 3 R - W 8-15
line-writer: 1 0x404040 3 1 1000
line-writer: 1 0x404040 2 1 999
summary: 2 2000 0 1998 0 0 1999 0 0 0 0 1999 0 0 1 2000 3 1998 0 0 1 0 0
