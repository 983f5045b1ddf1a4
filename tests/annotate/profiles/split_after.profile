# split_after.profile: split_before.profile's program (see there) after a change that moved invalidations
# between true and false sharing, mostly at an equal total:
#   a.c:12 the per-worker counters became one shared counter: each worker's stores removed the other's
#          copy 50 times as before, now true sharing: a.c:12 -> a.c:12, 100 true in region (no lock), the
#          total unchanged.
#   a.c:20 more contention on the lock: 35 per worker, a.c:20 -> a.c:20, 70 (70 critical): only the total
#          grew (+30), in true in region alone.
#   a.c:22 now reads sum itself: a.c:20's stores removed each worker's copy 15 times, true in region with
#          the lock held: a.c:20 -> a.c:22, 30 (30 critical); 50 false went, 30 true came.
#   a.c:30 the flag now shares a line with what a.c:12 updates: per worker 3 true and 2 false across
#          regions: a.c:30 -> a.c:12, 10 (6 true across, 4 false across), the total unchanged.
#   a.c:40 unchanged: 20 true in region.
# Received 220 true (100 critical) + 6 true across + 4 false across = 230, the edges' 100 + 70 + 30 + 10
# + 20.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 201
command: ./a 2
sim-mode: interleaved
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions
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
counts: 1 2 0 1000 50 0 0 3 2
counts: 1 3 0 1000 50 0 0 3 2
counts: 2 2 0 100 35 35 0 0 0
counts: 2 3 0 100 35 35 0 0 0
counts: 3 2 100 0 15 15 0 0 0
counts: 3 3 100 0 15 15 0 0 0
counts: 4 1 0 5
counts: 5 2 0 200 10 0 0 0 0
counts: 5 3 0 200 10 0 0 0 0
invalidator: 1 2 1 3 50 0 0 0 0
invalidator: 1 2 4 1 0 0 0 3 2
invalidator: 1 3 1 2 50 0 0 0 0
invalidator: 1 3 4 1 0 0 0 3 2
invalidator: 2 2 2 3 35 35 0 0 0
invalidator: 2 3 2 2 35 35 0 0 0
invalidator: 3 2 2 3 15 15 0 0 0
invalidator: 3 3 2 2 15 15 0 0 0
invalidator: 5 2 5 3 10 0 0 0 0
invalidator: 5 3 5 2 10 0 0 0 0
summary: 200 2605 220 100 0 6 4
