# locks.profile: hand-written profile of an interleaved run of a mutex counter (two workers add 1 to
# `shared` 1,000 times each under the mutex `lock`, counter.c:25, taken at counter.c:24) that also sets a
# flag `done` with no lock (counter.c:30). L1 only (32 KiB, 8-way, 64 B lines).
# Interleaved, the mutex goes to the workers in turn (docs/synchronization.md): 1,000 acquisitions each,
# every one but the first a hand-off that found the mutex held (thread 2: 999, thread 3: 1,000); the
# replay made 1,998 and 2,002 accesses while they waited. Every addition but the first reads `shared`
# from the other worker's Modified copy (a true coherence miss) and removes that copy: 1,999 true
# in-region critical invalidations (999 by thread 2's stores, 1,000 by thread 3's), 1,998 coherence
# misses (999 each). The flag: thread 2 stores to it 5 times and thread 3 4 times, with no lock held, each
# store removing the other's copy and writing the byte the other had written in the same region (the
# flag's first store, in an earlier region, is not in this run's counts): 9 unlocked shared writes.
# So the mutex's hand-offs are 1,999 of 2,000 acquisitions (99.95%, "100.0%"): a finding; and the flag's
# unlocked writes are a finding.
# Columns: reads writes coh_true coh_false recv(Ti Tic Fi Ta Fa) caused(Ti Tic Fi Ta Fa) L1_read_misses
# L1_write_misses.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 5152
command: ./counter 2 1000
sim-mode: interleaved
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses
thread: 1 main
thread: 2 worker
thread: 3 worker
file: 1 /home/me/counter/counter.c
fn: 1 worker
obj: 1 /home/me/counter/counter
ref: 1 0x401200 1 1 1 25
ref: 2 0x401240 1 1 1 30
counts: 1 2 1000 1000 999 0 1000 1000 0 0 0 999 999 0 0 0 1000 0
counts: 1 3 1000 1000 999 0 999 999 0 0 0 1000 1000 0 0 0 1000 0
counts: 2 2 0 5 0 0 4 0 0 0 0 5 0 0 0 0 0 5
counts: 2 3 0 4 0 0 5 0 0 0 0 4 0 0 0 0 0 4
object: 1 global 0x10c0c0 64 0 shared
object: 2 global 0x10c140 8 0 done
object-counts: 1 2 1000 1000 999 0 1000 1000 0 0 0 999 999 0 0 0 1000 0
object-counts: 1 3 1000 1000 999 0 999 999 0 0 0 1000 1000 0 0 0 1000 0
object-counts: 2 2 0 5 0 0 4 0 0 0 0 5 0 0 0 0 0 5
object-counts: 2 3 0 4 0 0 5 0 0 0 0 4 0 0 0 0 0 4
lock: 1 0x10c100 mutex 1 1 24 lock
lock-thread: 1 2 1000 999 999 1998
lock-thread: 1 3 1000 1000 1000 2002
lock-section: 1 1 1 2 999 0 0 0 999 0
lock-section: 1 1 1 3 1000 0 0 0 999 0
unlocked-write: 2 2 2 5
unlocked-write: 2 2 3 4
summary: 2000 2009 1998 0 2008 1999 0 0 0 2008 1999 0 0 0 2000 9
