# cycles.profile: hand-written version 2 profile for the `cycles` event (docs/model.md, "Cycles"), default
# latencies l1=4, l2=10, llc=40, memory=200, other-core=75, upgrade=65. L1, L2 and LLC; two threads; three
# references: /src/a.c:10 and :11 in fill(), /src/b.c:20 in sum(); two globals, left and right; two regions.
# Each access is charged where it was served; each invalidation caused at upgrade:
#   ref 1 thread 1: 100 writes, 10 L1 write misses (own L2 4, memory 6), 2 caused:
#       90 hits x 4 + 4 x 10 + 6 x 200 + 2 x 65 = 360 + 40 + 1200 + 130 = 1730
#   ref 2 thread 1: 50 reads, 5 L1 read misses (LLC 5): 45 x 4 + 5 x 40 = 180 + 200 = 380
#   ref 3 thread 1: 10 reads, all hits: 10 x 4 = 40
#   ref 3 thread 2: 80 reads, 20 writes, 8 read + 2 write misses (from Modified 3, Exclusive 1, Shared 2,
#       memory 2, own L2 2), 1 caused: 90 x 4 + 6 x 75 + 2 x 200 + 2 x 10 + 65 = 360 + 450 + 400 + 20 + 65 = 1295
# Summary 3445; lines 1730, 380, 1335; functions fill 2110, sum 1335 (also the files a.c, b.c); threads
# 1: 2150, 2: 1295.
# Objects (object-counts:, with reads and writes): ref 3 on thread 2 touches left with 30 reads, 20 writes,
# 3 + 2 misses (Modified 3, own L2 2), the caused invalidation: 45 x 4 + 225 + 20 + 65 = 490, and right with
# 50 reads, 5 misses (Exclusive 1, Shared 2, memory 2): 45 x 4 + 225 + 400 = 805.
#   left: thread 1 1730, thread 2 490 = 2220; right: thread 1 380 + 40 = 420, thread 2 805 = 1225.
# object-ref: records (version 2) keep reads and writes, so their cycles include the L1 hits and each
# object's cells add up to its object-counts: records:
#   left x ref 1 x 1: 100 writes, 1730 (all of ref 1's); left x ref 3 x 2: 30 reads, 20 writes, 490;
#   right x ref 2 x 1: 50 reads, 380; right x ref 3 x 1: 10 reads, 40; right x ref 3 x 2: 50 reads, 805.
#   left 1730 + 490 = 2220, right 380 + 40 + 805 = 1225; by function fill 1730 + 380 = 2110, sum
#   490 + 40 + 805 = 1335, as the functions view has them.
# region: records keep no reads or writes, so no L1-hit cycles (3445 - 235 hits x 4 = 2505):
#   region 1 (refs 1, 2): 40 + 1200 + 130 + 200 = 1570; region 2 (ref 3): 225 + 20 + 65 + 225 + 400 = 935.
# object-evictor: left's lines were evicted 7 times at L1 by right's accesses on thread 1, 3 times at L1 by
# left's own on thread 2, twice at L2 by right's on thread 2: 12 in all (58.3%, 25.0%, 16.7%).
ccsim-profile-version: 2
creator: ccsim 0.1.0
pid: 77
command: ./cycles
sim-mode: interleaved
threads: 2
line-size: 64
cache: L1 32768 8 64
cache: L2 262144 8 64
cache: LLC 1048576 16 64
miss-classes: no
trace-stack: yes
events: reads writes invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses served_by_own_L2 served_by_transfer_from_modified served_by_transfer_from_exclusive served_by_transfer_from_shared served_by_LLC served_by_memory
thread: 1 main
thread: 2 worker
file: 1 /src/a.c
file: 2 /src/b.c
fn: 1 fill
fn: 2 sum
obj: 1 /src/cycles
ref: 1 0x401000 1 1 1 10
ref: 2 0x401010 1 1 1 11
ref: 3 0x402000 1 2 2 20
counts: 1 1 0 100 2 0 0 0 0 0 10 4 0 0 0 0 6
counts: 2 1 50 0 0 0 0 0 0 5 0 0 0 0 0 5 0
counts: 3 1 10 0
counts: 3 2 80 20 0 0 1 0 0 8 2 2 3 1 2 0 2
region: 1 2 2 20 0 0 2 0 0 0 0 5 10 4 0 0 0 5 6
region: 2 0 0 0 0 0 0 0 1 0 0 8 2 2 3 1 2 0 2
object: 1 global 0x404000 64 0 left
object: 2 global 0x404040 64 0 right
object-counts: 1 1 0 100 2 0 0 0 0 0 10 4 0 0 0 0 6
object-counts: 1 2 30 20 0 0 1 0 0 3 2 2 3 0 0 0 0
object-counts: 2 1 60 0 0 0 0 0 0 5 0 0 0 0 0 5 0
object-counts: 2 2 50 0 0 0 0 0 0 5 0 0 0 1 2 0 2
object-ref: 1 1 1 0 100 2 0 0 0 0 0 10 4 0 0 0 0 6
object-ref: 1 3 2 30 20 0 0 1 0 0 3 2 2 3 0 0 0 0
object-ref: 2 2 1 50 0 0 0 0 0 0 5 0 0 0 0 0 5 0
object-ref: 2 3 1 10
object-ref: 2 3 2 50 0 0 0 0 0 0 5 0 0 0 1 2 0 2
object-evictor: 1 1 1 2 L1 3
object-evictor: 1 1 2 1 L1 7
object-evictor: 1 1 2 2 L2 2
# evictor: the same 12 evictions of left's lines (all last touched by ref 1, fill's store on thread 1), per
# evicting reference: right's 7 at L1 on thread 1 are 6 by ref 2 (fill) and 1 by ref 3 (sum); left's 3 at
# L1 on thread 2 and right's 2 at L2 on thread 2 are ref 3's (sum). So fill's lines were evicted by fill
# itself 6 times at L1 (50.0% of 12), by sum 1 + 3 = 4 times at L1 (33.3%) and twice at L2 (16.7%); no
# evictor: record has sum's code as the victim.
evictor: 1 1 2 1 L1 6
evictor: 1 1 3 1 L1 1
evictor: 1 1 3 2 L1 3
evictor: 1 1 3 2 L2 2
# invalidator: the 3 invalidations caused (counts: above): ref 1's 2 true in-region ones (fill on thread 1
# writing left) removed copies of left last touched by ref 3 on thread 2 (sum); ref 3's false in-region one
# (sum on thread 2 writing left) a copy last touched by ref 1 on thread 1 (fill).
invalidator: 1 1 3 2 0 0 1 0 0
invalidator: 3 2 1 1 2 0 0 0 0
summary: 140 120 2 0 1 0 0 13 12 6 3 1 2 5 8
