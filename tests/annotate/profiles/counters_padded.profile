# counters_padded.profile: counters.c after padding each counter to its own 64-byte line (the object
# grows to 128 bytes at 0x404040; the source lines stay the same), same run as counters.profile.
# Threads 2 and 3: 1000 writes each to a line nobody else uses: 1 compulsory miss, 999 temporal hits,
# no invalidation. Thread 1 reads counters[0] (ref 2) and counters[1] (ref 3), now on two lines:
# 2 compulsory read misses.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 4343
command: ./counters_padded 2 1000
sim-mode: interleaved
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement L1_hit_temporal L1_hit_spatial L1_evictions L1_evicted_bytes_used
file: 1 /home/me/ccsim-example/counters.c
fn: 1 worker
fn: 2 main
obj: 1 /home/me/ccsim-example/counters_padded
ref: 1 0x401156 1 1 1 12
ref: 2 0x4011b0 1 1 2 30
ref: 3 0x4011b8 1 1 2 30
counts: 1 2 0 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 0 0 999
counts: 1 3 0 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 0 0 999
counts: 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 1
counts: 3 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 1
object: 1 global 0x404040 128 1 counters
object-counts: 1 1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0 2
object-counts: 1 2 0 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 0 0 999
object-counts: 1 3 0 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 0 0 999
object-ref: 1 1 2 0 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 0 0 999
object-ref: 1 1 3 0 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 0 0 999
object-ref: 1 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 1
object-ref: 1 3 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 1
summary: 2 2000 0 0 0 0 0 0 0 0 0 0 0 0 2 2 4 0 0 1998 0 0 0
