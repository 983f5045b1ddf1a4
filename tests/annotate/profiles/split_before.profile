# split_before.profile: hand-written profile for --diff's invalidator edges whose split moved at an equal
# total (tests/annotate/diff_test.cc); split_after.profile is the run after a change. Program /src/a.c,
# threads 2 and 3 run worker, thread 1 main. Before:
#   a.c:12 (ref 1) counters[id]++, 1000 stores per worker, each worker its own counter on one shared line:
#          each worker's stores removed the other's copy 50 times, false sharing in a region: the edge
#          a.c:12 -> a.c:12 has 100 false in-region invalidations.
#   a.c:20 (ref 2) sum += x under a lock, 100 stores per worker: each removed the other worker's copy of
#          a.c:20 20 times (true in region, critical): a.c:20 -> a.c:20, 40 (40 critical);
#   a.c:22 (ref 3) reads count, beside sum on its line, 100 reads per worker: a.c:20's stores on the other
#          worker removed each worker's copy 25 times, false in region: a.c:20 -> a.c:22, 50.
#   a.c:30 (ref 4, main) stores a flag 5 times beside the counters, between regions: each store removed
#          both workers' copies of a.c:12, false across regions: a.c:30 -> a.c:12, 5 + 5 = 10.
#   a.c:40 (ref 5) table[i] = i, 200 stores per worker on a line both write: each worker's removed the
#          other's copy 10 times, true in region (no lock): a.c:40 -> a.c:40, 20.
# Events per (ref, thread): reads writes, invalidations received (true in region, its critical part, false
# in region, true across, false across). Received 60 true (40 critical) + 150 false + 10 false across =
# 220, the edges' 100 + 40 + 50 + 10 + 20.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 200
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
counts: 1 2 0 1000 0 0 50 0 5
counts: 1 3 0 1000 0 0 50 0 5
counts: 2 2 0 100 20 20 0 0 0
counts: 2 3 0 100 20 20 0 0 0
counts: 3 2 100 0 0 0 25 0 0
counts: 3 3 100 0 0 0 25 0 0
counts: 4 1 0 5
counts: 5 2 0 200 10 0 0 0 0
counts: 5 3 0 200 10 0 0 0 0
invalidator: 1 2 1 3 0 0 50 0 0
invalidator: 1 2 4 1 0 0 0 0 5
invalidator: 1 3 1 2 0 0 50 0 0
invalidator: 1 3 4 1 0 0 0 0 5
invalidator: 2 2 2 3 20 20 0 0 0
invalidator: 2 3 2 2 20 20 0 0 0
invalidator: 3 2 2 3 0 0 25 0 0
invalidator: 3 3 2 2 0 0 25 0 0
invalidator: 5 2 5 3 10 0 0 0 0
invalidator: 5 3 5 2 10 0 0 0 0
summary: 200 2605 60 40 150 0 10
