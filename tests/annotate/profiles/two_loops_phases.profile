# two_loops_phases.profile: hand-written profile for the phases (region-objects, region-lines, timeline,
# their JSON and HTML). Two threads, L1 only. A time step of two parallel loops, run twice: regions 1 and 3
# closed by the barrier at loops.c:20 (worker), 2 and 4 by loops.c:30. Objects: a (16 lines from
# 0x10c000), b (16 lines from 0x10c400).
# Loop 20 (ref 1, loops.c:21): each thread writes its half of a, 100 writes per thread in all. Region 1:
# a's 16 lines missed once (16 compulsory write misses), and 3 ping-pongs on the chunk-edge line
# 0x10c200: 3 false coherence write misses, 3 false invalidations received, 3 transfers. Region 3: the
# 3 ping-pongs again. Per barrier 20: a 16 0 6 0 0 6 0 6 6; line 0x10c200 6 false coherence misses,
# 6 false invalidations, 6 transfers.
# Loop 30: each thread reads b's 16 lines (ref 2, loops.c:31, 50 reads per thread): 32 compulsory read
# misses in region 2. Thread 2 reads a's line 0x10c000 (ref 3, loops.c:32) written by thread 1: in
# region 2 a transfer miss (1 transfer), in region 4 a true coherence miss served by a transfer, after 1
# true invalidation (across regions). Per barrier 30: b 32 0 0 0 0 0 0 0 0, a 0 1 1 0 1 0 1 0 2 (weights:
# b 32, a 2 misses + 1 invalidation + 2 transfers = 5: b first); line 0x10c000: 1 true coherence miss, 1 true invalidation, 2 transfers.
# Regions by invalidations received: barrier 20 (6) before 30 (1); regions 1 (3) and 3 (3) by id, then 4
# (1), then 2 (0).
# Timeline: 302 line accesses (102 reads, 200 writes), every 100 accesses: 4 intervals. a's 16 compulsory
# misses in interval 0, a ping-pong round of region 1 in interval 1 and of region 3 in interval 2, loop
# 30's a in interval 3; b's 32 misses in interval 1. Weights (L1 misses + invalidations + transfers): a
# 16, 9, 9, 5 (total 39), b 0, 32, 0, 0 (total 32): a first.
ccsim-profile-version: 2
creator: ccsim 0.1.0
pid: 4243
command: ./loops
sim-mode: interleaved
threads: 2
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes L1_read_misses L1_write_misses coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions
thread: 1 main
thread: 2 worker
file: 1 /src/loops.c
fn: 1 worker
obj: 1 /src/loops
ref: 1 0x401000 1 1 1 21
ref: 2 0x401010 1 1 1 31
ref: 3 0x401020 1 1 1 32
counts: 1 1 0 100 0 11 0 3 0 0 3 0 0
counts: 1 2 0 100 0 11 0 3 0 0 3 0 0
counts: 2 1 50 0 16 0 0 0 0 0 0 0 0
counts: 2 2 50 0 16 0 0 0 0 0 0 0 0
counts: 3 2 2 0 2 0 1 0 0 0 0 1 0
region: 1 1 1 20 0 0 0 19 0 3 0 0 3 0 0
region: 2 1 1 30 0 0 33 0 0 0 0 0 0 0 0
region: 3 1 1 20 0 0 0 3 0 3 0 0 3 0 0
region: 4 1 1 30 0 0 1 0 1 0 0 0 0 1 0
object: 1 global 0x10c000 1024 1 a
object: 2 global 0x10c400 1024 1 b
region-object: 1 1 16 0 3 0 0 3 0 3 3
region-object: 2 1 0 1 0 0 0 0 0 0 1
region-object: 2 2 32 0 0 0 0 0 0 0 0
region-object: 3 1 0 0 3 0 0 3 0 3 3
region-object: 4 1 0 0 1 0 1 0 1 0 1
barrier-object: 1 1 20 1 16 0 6 0 0 6 0 6 6
barrier-object: 1 1 30 1 0 1 1 0 1 0 1 0 2
barrier-object: 1 1 30 2 32 0 0 0 0 0 0 0 0
barrier-line: 1 1 20 0x10c200 0 6 0 6 6
barrier-line: 1 1 30 0x10c000 1 0 1 0 2
timeline: accesses 100 4
timeline-object: 0 1 16 0 0 0 0 0 0 0 0
timeline-object: 1 1 0 0 3 0 0 3 0 3 3
timeline-object: 1 2 32 0 0 0 0 0 0 0 0
timeline-object: 2 1 0 0 3 0 0 3 0 3 3
timeline-object: 3 1 0 1 1 0 1 0 1 0 2
summary: 102 200 34 22 1 6 0 0 6 1 0
