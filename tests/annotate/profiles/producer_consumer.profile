# producer_consumer.profile: hand-written version 2 profile. Thread 1 (main, ref 1, line 10) writes the
# first byte of each of the 16 lines of `buffer` (1024 bytes at 0x404000); after a barrier thread 2
# (consumer, ref 2, line 5) reads the same bytes. L1 only, 32 KiB: every line is still Modified in thread
# 1 when thread 2 reads it.
# Thread 1: 16 write misses, compulsory (nobody held or wrote the lines), served by memory; its 16 copies
#   are downgraded by thread 2's reads: 16 downgrades received.
# Thread 2: 16 read misses, transfer misses (never held here, held by thread 1), each served by thread
#   1's Modified copy: 16 transfers from Modified, 16 downgrades caused.
# One transfer edge, ref 1 on thread 1 -> ref 2 on thread 2, 16 from Modified; buffer moved 16 times
# between 2 threads. Each object-ref: cell is its reference's counts: record (both touch only buffer).
ccsim-profile-version: 2
creator: ccsim 0.1.0
pid: 4343
command: ./producer_consumer
sim-mode: interleaved
threads: 2
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement L1_hit_temporal L1_hit_spatial L1_evictions L1_evicted_bytes_used served_by_transfer_from_modified served_by_transfer_from_exclusive served_by_transfer_from_shared served_by_memory downgrades_caused downgrades_received L1_miss_transfer
skipped: stack 0
skipped: runtime 0
thread: 1 main
thread: 2 consumer
file: 1 /home/me/ccsim-example/producer_consumer.c
fn: 1 main
fn: 2 consumer
obj: 1 /home/me/ccsim-example/producer_consumer
ref: 1 0x401136 1 1 1 10
ref: 2 0x4011a0 1 1 2 5
counts: 1 1 0 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 16 0 0 0 0 0 0 0 0 0 16 0 16
counts: 2 2 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 0 0 0 0 0 0 0 0 16 0 0 0 16 0 16
transfer: 1 1 2 2 16 0 0
object: 1 global 0x404000 1024 1 buffer
object-counts: 1 1 0 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 16 0 0 0 0 0 0 0 0 0 16 0 16
object-counts: 1 2 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 0 0 0 0 0 0 0 0 16 0 0 0 16 0 16
object-ref: 1 1 1 0 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 16 0 0 0 0 0 0 0 0 0 16 0 16
object-ref: 1 2 2 16 0 0 0 0 0 0 0 0 0 0 0 0 0 16 0 0 0 0 0 0 0 0 16 0 0 0 16 0 16
object-transfer: 1 1 2 16 0 0
summary: 16 16 0 0 0 0 0 0 0 0 0 0 0 0 16 16 16 0 0 0 0 0 0 16 0 0 16 16 16 16
