# mixed_sharing.profile: hand-written profile of a flag that threads write beside a setting another thread
# only reads (kmeans' `modified` beside `dim`). L1 only (32 KiB, 8-way, 64 B lines), interleaved, round-robin,
# quantum 1. modified (4 B at 0x601000) and dim (4 B at 0x601004) share the line 0x601000. Threads 2 and 3
# each write modified 500 times (app.c:30); thread 4 reads dim 500 times (app.c:40); each round goes T2, T3, T4.
# - Round 1: T2's write misses (compulsory, M); T3's write misses (compulsory) and removes T2's copy (true:
#   T2 wrote bytes 0-3, which T3 writes); T4's read misses (compulsory) and takes the line Shared from T3.
# - Rounds 2-500: T2's write misses (coherence, true: T3 wrote bytes 0-3 since) and removes T3's copy (true)
#   and T4's (false: T4 touched only bytes 4-7); T3's write misses (coherence, true) and removes T2's copy
#   (true); T4's read misses (coherence, false: bytes 0-3 were written since, T4 reads 4-7).
# So T2 receives 500 true and causes 499 true + 499 false; T3 receives 499 true and causes 500 true; T4
# receives 499 false. 1,498 invalidations: 999 true (67%), 499 false (33%): true and false sharing, in region.
# Received invalidations are charged to the bytes the victim touched (T2, T3: modified; T4: dim), caused ones
# to the bytes written (modified).
# Columns: reads writes coh_true coh_false recv(Ti Tic Fi Ta Fa) caused(Ti Tic Fi Ta Fa) L1_read_misses
# L1_write_misses L1_compulsory L1_coherence L1_replacement.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 4344
command: ./flags 3
sim-mode: interleaved
threads: 4
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement
skipped: stack 0
skipped: runtime 0
file: 1 /home/me/flags/app.c
fn: 1 worker
fn: 2 reader
obj: 1 /home/me/flags/app
ref: 1 0x401100 1 1 1 30
ref: 2 0x401120 1 1 2 40
counts: 1 2 0 500 499 0 500 0 0 0 0 499 0 499 0 0 0 500 1 499 0
counts: 1 3 0 500 499 0 499 0 0 0 0 500 0 0 0 0 0 500 1 499 0
counts: 2 4 500 0 0 499 0 0 499 0 0 0 0 0 0 0 500 0 1 499 0
invalidator: 1 2 1 3 500 0 0 0 0
invalidator: 1 3 1 2 499 0 0 0 0
invalidator: 2 4 1 2 0 0 499 0 0
object: 1 global 0x601004 4 0 dim
object: 2 global 0x601000 4 0 modified
object-counts: 1 4 500 0 0 499 0 0 499 0 0 0 0 0 0 0 500 0 1 499 0
object-counts: 2 2 0 500 499 0 500 0 0 0 0 499 0 499 0 0 0 500 1 499 0
object-counts: 2 3 0 500 499 0 499 0 0 0 0 500 0 0 0 0 0 500 1 499 0
object-ref: 1 2 4 0 0 0 499 0 0 499 0 0 0 0 0 0 0 500 0 1 499 0
object-ref: 2 1 2 0 0 499 0 500 0 0 0 0 499 0 499 0 0 0 500 1 499 0
object-ref: 2 1 3 0 0 499 0 499 0 0 0 0 500 0 0 0 0 0 500 1 499 0
line-detail: 1 0x601000 -4 4 R 4-7 W -
line-detail: 2 0x601000 0 2 R - W 0-3
line-detail: 2 0x601000 0 3 R - W 0-3
line-writer: 2 0x601000 2 1 499
line-writer: 2 0x601000 3 1 500
summary: 500 1000 998 499 999 0 499 0 0 999 0 499 0 0 500 1000 3 1497 0
