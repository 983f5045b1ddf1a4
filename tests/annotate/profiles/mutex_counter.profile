# mutex_counter.profile: hand-written profile of a short piped run of a mutex counter (two workers add 1 to
# `shared` 1,000 times each, each addition under one mutex, counter.c:25; main reads the total at
# counter.c:35 after joining them). L1 only (32 KiB, 8-way, 64 B lines). The program synchronizes on every
# iteration and its true sharing is its whole coherence cost, but piped order hides it: thread 2 runs on
# through its lock hand-offs and does all 1,000 additions (1 compulsory read miss, then hits), then
# thread 3 does its 1,000 (1 compulsory read miss, thread 2's copy M -> S; its first write upgrades and
# removes thread 2's copy: the run's one invalidation, true in-region critical); main's read is a
# compulsory miss. So 2,001 reads, 2,000 writes, 3 L1 misses, 0 coherence misses, 1 invalidation.
# Memory time (default latencies): (4,001 - 3) hits x 4 = 15,992; 3 misses x 200 = 600; 1 invalidation
# caused x 65 = 65; 16,657 cycles. `shared` costs 65 cycles, 0.39% of them: over --threshold (0.1%), but
# one invalidation is no finding.
# Columns: reads writes coh_true coh_false recv(Ti Tic Fi Ta Fa) caused(Ti Tic Fi Ta Fa) L1_read_misses
# L1_write_misses.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 5151
command: ./counter 2 1000
sim-mode: piped
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses
file: 1 /home/me/counter/counter.c
fn: 1 worker
fn: 2 main
obj: 1 /home/me/counter/counter
ref: 1 0x401200 1 1 1 25
ref: 2 0x401280 1 1 2 35
counts: 1 2 1000 1000 0 0 1 1 0 0 0 0 0 0 0 0 1 0
counts: 1 3 1000 1000 0 0 0 0 0 0 0 1 1 0 0 0 1 0
counts: 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0
invalidator: 1 2 1 3 1 1 0 0 0
object: 1 global 0x10c0c0 64 0 shared
object-counts: 1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0
object-counts: 1 2 1000 1000 0 0 1 1 0 0 0 0 0 0 0 0 1 0
object-counts: 1 3 1000 1000 0 0 0 0 0 0 0 1 1 0 0 0 1 0
object-ref: 1 1 2 1000 1000 0 0 1 1 0 0 0 0 0 0 0 0 1 0
object-ref: 1 1 3 1000 1000 0 0 0 0 0 0 0 1 1 0 0 0 1 0
object-ref: 1 2 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0
line-detail: 1 0x10c0c0 0 1 R 0-7 W -
line-detail: 1 0x10c0c0 0 2 R 0-7 W 0-7
line-detail: 1 0x10c0c0 0 3 R 0-7 W 0-7
line-writer: 1 0x10c0c0 3 1 1
summary: 2001 2000 0 0 1 1 0 0 0 1 1 0 0 0 3 0
