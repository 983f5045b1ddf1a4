# work_queue_paths.profile: hand-written version 2 profile with object paths. A work queue: thread 1 (main)
# allocates nodes of 32 bytes at queue.c:20 (alloc_node) and fills them (fill_node, ref 1, line 25: two
# 8-byte stores per node, the first missing to memory); thread 2 (worker) reads them (read_node, ref 2,
# line 30: two 8-byte loads, the first served by thread 1's Modified copy) and frees them (free_node).
# L1 only, 32 KiB.
# 8 lives were stored, 1 more was followed but its path came past the tool's cap (counted, not stored):
# path 1: 6 lives, freed: alloc_node on 1 -> fill_node on 1 => read_node on 2 -> free_node on 2;
#   lifetimes (allocations while live) sum 12, 1 to 3.
#   fill_node: 12 writes (2 per life), 96 bytes (16 per life), offsets 0-15, 6 misses served by memory.
#   read_node: 12 reads, 96 bytes, offsets 0-15, 6 misses served by another core (transfers).
# path 2: 2 lives still allocated at exit: alloc_node on 1 -> fill_node on 1; lifetimes 5 and 5.
#   fill_node: 4 writes, 32 bytes, offsets 0-15, 2 misses served by memory.
# The counts: records hold what the 8 lives did: ref 1 on thread 1, 16 writes, 8 write misses
# (compulsory, memory); ref 2 on thread 2, 12 reads, 6 read misses (transfer, from Modified).
ccsim-profile-version: 2
creator: ccsim 0.1.0
pid: 4444
command: ./queue
sim-mode: interleaved
threads: 2
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement served_by_transfer_from_modified served_by_transfer_from_exclusive served_by_transfer_from_shared served_by_memory L1_miss_transfer
skipped: stack 0
skipped: runtime 0
thread: 1 main
thread: 2 worker
file: 1 /home/me/queue/queue.c
fn: 1 fill_node
fn: 2 read_node
fn: 3 alloc_node
fn: 4 free_node
obj: 1 /home/me/queue/queue
ref: 1 0x401136 1 1 1 25
ref: 2 0x4011a0 1 1 2 30
counts: 1 1 0 16 0 8 8 0 0 0 0 0 8 0
counts: 2 2 12 0 6 0 0 0 0 6 0 0 0 6
object: 1 heap 0x0 32 1 queue.c:20 alloc_node <- queue.c:50 main
object-origin: 1 program malloc
object-counts: 1 1 0 16 0 8 8 0 0 0 0 0 8 0
object-counts: 1 2 12 0 6 0 0 0 0 6 0 0 0 6
path-site: 1 named 8 1 0
path: 1 1 6 freed whole 12 1 3
path-run: 1 1 1 3 1 same 0 0 0 - 0 0 0 0
path-run: 1 1 2 1 1 same 0 12 96 0-15 0 0 0 6
path-run: 1 1 3 2 2 changed 12 0 96 0-15 0 0 6 0
path-run: 1 1 4 4 2 same 0 0 0 - 0 0 0 0
path: 1 2 2 live whole 10 5 5
path-run: 1 2 1 3 1 same 0 0 0 - 0 0 0 0
path-run: 1 2 2 1 1 same 0 4 32 0-15 0 0 0 2
summary: 12 16 6 8 8 0 0 6 0 0 8 6
