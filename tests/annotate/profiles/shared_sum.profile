# shared_sum.profile: hand-written profile of an OpenMP program in which two threads add into one shared
# 8-byte `sum` (one line, 0x404080) inside a critical section, interleaved mode, private L1 and L2:
#   11 #pragma omp parallel num_threads(2)   (outlined as main._omp_fn.0)
#   15     sum += i;        inside #pragma omp critical, 100 iterations per thread  (ref 1)
#   17   }                  end of the parallel region: its barrier closes region 1
#   20 printf("%ld\n", sum); by the main thread 1 (ref 2); region 2 ends at the next parallel (line 23)
#   24   sum = 0;           by thread 2 in the second parallel region (main._omp_fn.1, ref 3); region 3
#                           ends at its closing barrier (line 25)
# Region 1: the critical section makes the writes alternate T1, T2, T1, ... Each thread's first write
#   is a compulsory miss, its 99 others coherence misses (true: the other thread wrote those bytes),
#   in L1 and L2 alike (an invalidation removes the copy from the whole private hierarchy). Every write
#   but the very first invalidates the other copy: T1 receives 100, T2 receives 99, all true, in-region,
#   and critical (the writer holds the lock); T1 causes 99, T2 causes 100.
# Region 2: T1 reads sum: a coherence miss in L1 and L2, true (T2 wrote the bytes since T1 lost them).
#   T2's copy is downgraded to shared.
# Region 3: T2 writes sum: an L1 hit (temporal, its shared copy) that invalidates T1's copy, last
#   touched by ref 2 in region 2: one true across-regions invalidation.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 5151
command: ./shared_sum
sim-mode: interleaved
threads: 2
line-size: 64
cache: L1 32768 8 64
cache: L2 1048576 16 64
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement L1_hit_temporal L1_hit_spatial L1_evictions L1_evicted_bytes_used L2_read_misses L2_write_misses L2_miss_compulsory L2_miss_coherence L2_miss_replacement L2_hit_temporal L2_hit_spatial L2_evictions L2_evicted_bytes_used
replay: early-flushes 0
file: 1 /home/me/ccsim-example/shared_sum.c
fn: 1 main._omp_fn.0
fn: 2 main
fn: 3 main._omp_fn.1
obj: 1 /home/me/ccsim-example/shared_sum
ref: 1 0x401200 1 1 1 15
ref: 2 0x401300 1 1 2 20
ref: 3 0x401400 1 1 3 24
counts: 1 1 0 100 99 0 100 100 0 0 0 99 99 0 0 0 0 100 1 99 0 0 0 0 0 0 100 1 99
counts: 1 2 0 100 99 0 99 99 0 0 0 100 100 0 0 0 0 100 1 99 0 0 0 0 0 0 100 1 99
counts: 2 1 1 0 1 0 0 0 0 1 0 0 0 0 0 0 1 0 0 1 0 0 0 0 0 1 0 0 1
counts: 3 2 0 1 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 1
region: 1 1 1 17 0 0 198 0 199 199 0 0 0 199 199 0 0 0 0 200 2 198 0 0 0 0 0 0 200 2 198
region: 2 1 2 23 0 0 1 0 0 0 0 0 0 0 0 0 0 0 1 0 0 1 0 0 0 0 0 1 0 0 1
region: 3 1 3 25 0 0 0 0 0 0 0 1 0 0 0 0 1
invalidator: 1 1 1 2 100 100 0 0 0
invalidator: 1 2 1 1 99 99 0 0 0
invalidator: 2 1 3 2 0 0 0 1 0
object: 1 global 0x404080 8 1 sum
object-counts: 1 1 1 100 100 0 100 100 0 1 0 99 99 0 0 0 1 100 1 100 0 0 0 0 0 1 100 1 100
object-counts: 1 2 0 101 99 0 99 99 0 0 0 100 100 0 1 0 0 100 1 99 0 1 0 0 0 0 100 1 99
object-ref: 1 1 1 0 100 99 0 100 100 0 0 0 99 99 0 0 0 0 100 1 99 0 0 0 0 0 0 100 1 99
object-ref: 1 1 2 0 100 99 0 99 99 0 0 0 100 100 0 0 0 0 100 1 99 0 0 0 0 0 0 100 1 99
object-ref: 1 2 1 1 0 1 0 0 0 0 1 0 0 0 0 0 0 1 0 0 1 0 0 0 0 0 1 0 0 1
object-ref: 1 3 2 0 1 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 1
line-detail: 1 0x404080 0 1 R 0-7 W 0-7
line-detail: 1 0x404080 0 2 R 0-7 W 0-7
summary: 1 201 199 0 199 199 0 1 0 199 199 0 1 0 1 200 2 199 0 1 0 0 0 1 200 2 199 0 0 0 0 0
