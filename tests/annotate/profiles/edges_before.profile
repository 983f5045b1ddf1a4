# edges_before.profile: hand-written profile for --diff's edge tables (tests/annotate/diff_test.cc), the run
# before a fix; edges_after.profile is the run after it. Program /src/a.c, threads 2 and 3 run worker:
#   a.c:12 (ref 1) counters[id]++, 1000 stores per worker; the two counters share a line (false sharing):
#          thread 3's stores removed thread 2's copy 500 times, thread 2's thread 3's 499: the edge
#          a.c:12 -> a.c:12 has 999 false in-region invalidations.
#   a.c:20 (ref 2) sum += x under a lock, 100 stores per worker: each worker's stores removed the other's
#          copy 25 times (true in region, all critical): the edge a.c:20 -> a.c:20, 50, the same after.
#   a.c:22 (ref 3) reads sum, 100 per worker: the stores of a.c:20 on the other worker removed thread 2's
#          copy 60 times (25 critical) and thread 3's 40 times (15 critical): a.c:20 -> a.c:22, 100 (40).
#   a.c:30 (ref 4, main) stores a flag 5 times, on a line of its own here: no invalidation.
#   a.c:40 (ref 5) scans a table, 5000 reads per worker, evicting the worker's own counter line: from L1
#          150 times on each worker (300), from L2 3 times on thread 2 and 2 on thread 3 (5).
# Events per (ref, thread): reads writes, invalidations received (true in region, its critical part, false
# in region, true across, false across), the same caused, L1_evictions, L2_evictions. Invalidations
# received 150 true (90 critical) + 999 false = 1149, the edges' 999 + 50 + 100.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 100
command: ./a 2
sim-mode: interleaved
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 262144 8 64
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_evictions L2_evictions
thread: 1 main
thread: 2 worker
thread: 3 worker
file: 1 /src/a.c
fn: 1 worker
fn: 2 main
obj: 1 /src/a
ref: 1 0x401100 1 1 1 12
ref: 2 0x401200 1 1 1 20
ref: 3 0x401210 1 1 1 22
ref: 4 0x401300 1 1 2 30
ref: 5 0x401400 1 1 1 40
counts: 1 2 0 1000 0 0 500 0 0 0 0 499 0 0 150 3
counts: 1 3 0 1000 0 0 499 0 0 0 0 500 0 0 150 2
counts: 2 2 0 100 25 25 0 0 0 65 40 0 0 0
counts: 2 3 0 100 25 25 0 0 0 85 50 0 0 0
counts: 3 2 100 0 60 25 0 0 0
counts: 3 3 100 0 40 15 0 0 0
counts: 4 1 0 5
counts: 5 2 5000
counts: 5 3 5000
evictor: 1 2 5 2 L1 150
evictor: 1 2 5 2 L2 3
evictor: 1 3 5 3 L1 150
evictor: 1 3 5 3 L2 2
invalidator: 1 2 1 3 0 0 500 0 0
invalidator: 1 3 1 2 0 0 499 0 0
invalidator: 2 2 2 3 25 25 0 0 0
invalidator: 2 3 2 2 25 25 0 0 0
invalidator: 3 2 2 3 60 25 0 0 0
invalidator: 3 3 2 2 40 15 0 0 0
summary: 10200 2205 150 90 999 0 0 150 90 999 0 0 300 5
