# chunk_edges.profile: hand-written profile of two threads each storing into its own contiguous chunk of
# `cells` (long cells[24], 192 bytes at 0x404000, 64-byte aligned: 3 lines), 10 rounds, interleaved one
# access per turn. Thread 2 owns bytes 0-95 (cells[0..11]), thread 3 bytes 96-191 (cells[12..23]): their
# chunks, 96 bytes each, are not whole lines, so line 1 (bytes 64-127) holds the end of thread 2's chunk
# (bytes 64-95, its stores 8-11 of each round) and the start of thread 3's (bytes 96-127, its stores 0-3).
# In each round thread 3 stores into line 1 first: in round 1 it finds no other copy (compulsory), and
# thread 2's store then removes thread 3's copy; in rounds 2-10 each removes the other's: 1 + 2 x 9 = 19
# false in-region invalidations, 10 received by thread 3 and 9 by thread 2; each victim's next store is
# a false coherence miss, except thread 3's after round 10: 9 each. Lines 0 and 2 are one thread's each.
# Per thread: 120 stores (12 a round), L1 misses 1 compulsory in its own line + 1 compulsory and 9
# coherence in line 1 = 11; thread 2 caused 10 invalidations, thread 3 9.
# block: records: line 0 thread 2 (1 compulsory); line 1 thread 2 (1 compulsory, 9 coherence, 9 false
# coherence misses, 9 false invalidations) and thread 3 (the same, 10 invalidations); line 2 thread 3.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 4242
command: ./chunks 2 10
sim-mode: interleaved
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement L1_hit_temporal L1_hit_spatial L1_evictions L1_evicted_bytes_used
skipped: stack 0
thread: 1 main
thread: 2 worker
thread: 3 worker
file: 1 /home/me/chunks.c
fn: 1 worker
obj: 1 /home/me/chunks
ref: 1 0x401156 1 1 1 12
counts: 1 2 0 120 0 9 0 0 9 0 0 0 0 10 0 0 0 11 2 9
counts: 1 3 0 120 0 9 0 0 10 0 0 0 0 9 0 0 0 11 2 9
invalidator: 1 2 1 3 0 0 9 0 0
invalidator: 1 3 1 2 0 0 10 0 0
object: 1 global 0x404000 192 0 cells
object-origin: 1 program -
field: 1 0 8 cells[0]
field: 1 56 8 cells[7]
field: 1 64 8 cells[8]
field: 1 120 8 cells[15]
field: 1 128 8 cells[16]
field: 1 184 8 cells[23]
object-counts: 1 2 0 120 0 9 0 0 9 0 0 0 0 10 0 0 0 11 2 9
object-counts: 1 3 0 120 0 9 0 0 10 0 0 0 0 9 0 0 0 11 2 9
block: 1 0 1 2 1 0 0 0 0 0 0
block: 1 64 1 2 1 9 0 0 9 0 9
block: 1 64 1 3 1 9 0 0 9 0 10
block: 1 128 1 3 1 0 0 0 0 0 0
summary: 0 240 0 18 0 0 19 0 0 0 0 19 0 0 0 22 4 18 0 0 0 0 0
