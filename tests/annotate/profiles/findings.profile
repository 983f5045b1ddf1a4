# findings.profile: hand-written profile of a program whose findings must be ranked by cost, not by
# invalidations received. L1 only (32 KiB, 8-way, 64 B lines), interleaved. Threads 2 and 3 run worker().
# - progress (8 B at 0x601000) and limit (8 B at 0x601008) share the line 0x601000. Thread 2 writes
#   progress (app.c:30) 1,500 times; thread 3 reads limit (app.c:40, a loop condition) 1,500 times; they
#   alternate: T2 w1 (compulsory miss), T3 r1 (compulsory miss, T2 -> S), T2 w2 (upgrade hit, invalidates
#   T3: false), T3 r2 (coherence miss, false), ... so T2 causes 1,499 false in-region invalidations
#   (charged to progress, the bytes written) and T3 receives them and misses 1,499 times (charged to
#   limit, the bytes it touched).
# - sum (8 B at 0x601040): threads 2 and 3 add to it 500 times each under a lock (app.c:50), alternating:
#   every write after the first invalidates the other thread (999 true in-region critical); T2 receives
#   500 (from T3's 500 writes) and causes 499, T3 the reverse; each has 1 compulsory + 499 coherence misses.
# - _IO_2_1_stdout_ in libc.so.6 (224 B): the same ping-pong, 1,500 writes each by fileops.c:1200 in libc:
#   2,999 true in-region invalidations, 2,998 coherence misses. A runtime object.
# - data (80,000 B): main (app.c:60) reads it 10,000 times, 100 compulsory misses.
# - table (64,000 B = 1,000 lines): threads 2 and 3 each read every line once (app.c:45, 1,000 compulsory
#   misses each) in region 1; then main writes the first 8 bytes of every line once (app.c:65, 1,000
#   compulsory write misses), removing both copies: 2,000 true invalidations across regions, and no
#   coherence miss, since no worker reads table again. More invalidations received than any other object,
#   but the cheapest: a one-time serial write.
# Columns: reads writes coh_true coh_false recv(Ti Tic Fi Ta Fa) caused(Ti Tic Fi Ta Fa) L1_read_misses
# L1_write_misses L1_compulsory L1_coherence L1_replacement.
ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 4343
command: ./app 2
sim-mode: interleaved
threads: 3
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses L1_miss_compulsory L1_miss_coherence L1_miss_replacement
skipped: stack 0
skipped: runtime 0
file: 1 /home/me/findings/app.c
fn: 1 worker
fn: 2 main
obj: 1 /home/me/findings/app
file: 2 fileops.c
fn: 3 _IO_new_file_xsputn
obj: 2 /lib/x86_64-linux-gnu/libc.so.6
ref: 1 0x401100 1 1 1 30
ref: 2 0x401120 1 1 1 40
ref: 3 0x401130 1 1 1 45
ref: 4 0x401140 1 1 1 50
ref: 5 0x401160 1 1 2 60
ref: 6 0x401170 1 1 2 65
ref: 7 0x7f1000 2 2 3 1200
counts: 1 2 0 1500 0 0 0 0 0 0 0 0 0 1499 0 0 0 1 1 0 0
counts: 2 3 1500 0 0 1499 0 0 1499 0 0 0 0 0 0 0 1500 0 1 1499 0
counts: 3 2 1000 0 0 0 0 0 0 1000 0 0 0 0 0 0 1000 0 1000 0 0
counts: 3 3 1000 0 0 0 0 0 0 1000 0 0 0 0 0 0 1000 0 1000 0 0
counts: 4 2 0 500 499 0 500 500 0 0 0 499 499 0 0 0 0 500 1 499 0
counts: 4 3 0 500 499 0 499 499 0 0 0 500 500 0 0 0 0 500 1 499 0
counts: 5 1 10000 0 0 0 0 0 0 0 0 0 0 0 0 0 100 0 100 0 0
counts: 6 1 0 1000 0 0 0 0 0 0 0 0 0 0 2000 0 0 1000 1000 0 0
counts: 7 2 0 1500 1499 0 1500 0 0 0 0 1499 0 0 0 0 0 1500 1 1499 0
counts: 7 3 0 1500 1499 0 1499 0 0 0 0 1500 0 0 0 0 0 1500 1 1499 0
invalidator: 2 3 1 2 0 0 1499 0 0
invalidator: 3 2 6 1 0 0 0 1000 0
invalidator: 3 3 6 1 0 0 0 1000 0
invalidator: 4 2 4 3 500 500 0 0 0
invalidator: 4 3 4 2 499 499 0 0 0
invalidator: 7 2 7 3 1500 0 0 0 0
invalidator: 7 3 7 2 1499 0 0 0 0
object: 1 global 0x7f0000 224 0 _IO_2_1_stdout_ in libc.so.6
object: 2 global 0x602000 80000 0 data
object: 3 global 0x601008 8 0 limit
object: 4 global 0x601000 8 0 progress
object: 5 global 0x601040 8 0 sum
object: 6 global 0x616000 64000 0 table
object-counts: 1 2 0 1500 1499 0 1500 0 0 0 0 1499 0 0 0 0 0 1500 1 1499 0
object-counts: 1 3 0 1500 1499 0 1499 0 0 0 0 1500 0 0 0 0 0 1500 1 1499 0
object-counts: 2 1 10000 0 0 0 0 0 0 0 0 0 0 0 0 0 100 0 100 0 0
object-counts: 3 3 1500 0 0 1499 0 0 1499 0 0 0 0 0 0 0 1500 0 1 1499 0
object-counts: 4 2 0 1500 0 0 0 0 0 0 0 0 0 1499 0 0 0 1 1 0 0
object-counts: 5 2 0 500 499 0 500 500 0 0 0 499 499 0 0 0 0 500 1 499 0
object-counts: 5 3 0 500 499 0 499 499 0 0 0 500 500 0 0 0 0 500 1 499 0
object-counts: 6 1 0 1000 0 0 0 0 0 0 0 0 0 0 2000 0 0 1000 1000 0 0
object-counts: 6 2 1000 0 0 0 0 0 0 1000 0 0 0 0 0 0 1000 0 1000 0 0
object-counts: 6 3 1000 0 0 0 0 0 0 1000 0 0 0 0 0 0 1000 0 1000 0 0
object-ref: 1 7 2 0 0 1499 0 1500 0 0 0 0 1499 0 0 0 0 0 1500 1 1499 0
object-ref: 1 7 3 0 0 1499 0 1499 0 0 0 0 1500 0 0 0 0 0 1500 1 1499 0
object-ref: 2 5 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 100 0 100 0 0
object-ref: 3 2 3 0 0 0 1499 0 0 1499 0 0 0 0 0 0 0 1500 0 1 1499 0
object-ref: 4 1 2 0 0 0 0 0 0 0 0 0 0 0 1499 0 0 0 1 1 0 0
object-ref: 5 4 2 0 0 499 0 500 500 0 0 0 499 499 0 0 0 0 500 1 499 0
object-ref: 5 4 3 0 0 499 0 499 499 0 0 0 500 500 0 0 0 0 500 1 499 0
object-ref: 6 3 2 0 0 0 0 0 0 0 1000 0 0 0 0 0 0 1000 0 1000 0 0
object-ref: 6 3 3 0 0 0 0 0 0 0 1000 0 0 0 0 0 0 1000 0 1000 0 0
object-ref: 6 6 1 0 0 0 0 0 0 0 0 0 0 0 0 2000 0 0 1000 1000 0 0
line-detail: 3 0x601000 -8 3 R 8-15 W -
line-detail: 4 0x601000 0 2 R - W 0-7
line-detail: 5 0x601040 0 2 R - W 0-7
line-detail: 5 0x601040 0 3 R - W 0-7
line-writer: 4 0x601000 2 1 1499
line-writer: 5 0x601040 2 4 499
line-writer: 5 0x601040 3 4 500
summary: 13500 6500 3996 1499 3998 999 1499 2000 0 3998 999 1499 2000 0 3600 5001 3106 5495 0
