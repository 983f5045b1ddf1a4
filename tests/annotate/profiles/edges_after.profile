# edges_after.profile: edges_before.profile's program after padding the counters (see there): a.c:12's
# stores no longer remove each other's copies (the edge a.c:12 -> a.c:12 is gone), but the flag of a.c:30
# (main, 5 stores) now lands on the counters' lines: each store removed both workers' copies, 3 times
# true and 2 times false across regions per worker: a new edge a.c:30 -> a.c:12 of 10 (6 true across, 4
# false across). a.c:20 -> a.c:20 is unchanged (50); a.c:20 -> a.c:22 grew by 2 (61 with 26 critical on
# thread 2, 41 with 16 on thread 3: 102, 42 critical). The scan at a.c:40 evicts the counter lines from L1
# 15 times per worker (30), from L2 no more. Invalidations received 152 true (92 critical) + 10 across
# = 162, the edges' 10 + 50 + 102.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 101
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
counts: 1 2 0 1000 0 0 0 3 2 0 0 0 0 0 15 0
counts: 1 3 0 1000 0 0 0 3 2 0 0 0 0 0 15 0
counts: 2 2 0 100 25 25 0 0 0 66 41 0 0 0
counts: 2 3 0 100 25 25 0 0 0 86 51 0 0 0
counts: 3 2 100 0 61 26 0 0 0
counts: 3 3 100 0 41 16 0 0 0
counts: 4 1 0 5 0 0 0 0 0 0 0 0 6 4
counts: 5 2 5000
counts: 5 3 5000
evictor: 1 2 5 2 L1 15
evictor: 1 3 5 3 L1 15
invalidator: 1 2 4 1 0 0 0 3 2
invalidator: 1 3 4 1 0 0 0 3 2
invalidator: 2 2 2 3 25 25 0 0 0
invalidator: 2 3 2 2 25 25 0 0 0
invalidator: 3 2 2 3 61 26 0 0 0
invalidator: 3 3 2 2 41 16 0 0 0
summary: 10200 2205 152 92 0 6 4 152 92 0 6 4 30 0
