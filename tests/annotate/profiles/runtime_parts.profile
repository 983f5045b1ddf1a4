ccsim-profile-version: 1
creator: ccsim 0.1.0
pid: 31
command: ./app
sim-mode: interleaved
threads: 2
line-size: 64
cache: L1 32768 8 64
cache: L2 none
cache: LLC none
miss-classes: no
trace-stack: yes
events: reads writes coherence_miss_true coherence_miss_false invalidations_received_true_in_region invalidations_received_true_in_region_critical invalidations_received_false_in_region invalidations_received_true_across_regions invalidations_received_false_across_regions invalidations_caused_true_in_region invalidations_caused_true_in_region_critical invalidations_caused_false_in_region invalidations_caused_true_across_regions invalidations_caused_false_across_regions L1_read_misses L1_write_misses
file: 1 /src/app.c
fn: 1 main
fn: 2 _dl_relocate_object
fn: 3 __vfprintf_internal
fn: 4 gomp_barrier_wait_end
fn: 5 std::ostream::write
fn: 6 _int_malloc
obj: 1 /src/app
obj: 2 /lib64/ld-linux-x86-64.so.2
obj: 3 /lib/x86_64-linux-gnu/libc.so.6
obj: 4 /usr/lib/x86_64-linux-gnu/libgomp.so.1
obj: 5 /usr/lib/x86_64-linux-gnu/libstdc++.so.6
ref: 1 0x401100 1 1 1 10
ref: 2 0x7f1000 2 0 2 0
ref: 3 0x7e1000 3 0 3 0
ref: 4 0x7c1000 4 0 4 0
ref: 5 0x7b1000 5 0 5 0
ref: 6 0x7e2000 3 0 6 0
counts: 1 1 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
counts: 2 1 0 300 0 0 0 0 0 0 0 0 0 0 0 0 0 0
counts: 3 1 100 0 2 0 2 0 0 0 0 2 0 0 0 0 2 0
counts: 4 1 250 50 20 0 20 0 0 0 0 20 0 0 0 0 20 0
counts: 4 2 250 50 20 0 20 0 0 0 0 20 0 0 0 0 20 0
counts: 5 1 20 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
counts: 6 1 60 20 0 5 0 0 5 0 0 0 0 5 0 0 5 0
object: 1 global 0x601010 8 0 counter
object: 2 unknown 0x7f0000 4096 0 mapping 0x7f0000-0x7f0fff of /lib64/ld-linux-x86-64.so.2
object: 3 global 0x7e0000 216 0 _IO_2_1_stdout_ in libc.so.6
object: 4 heap 0x0 64 0 0x4a8b123 [gomp_malloc] <- 0x4a8c456 [GOMP_parallel]
object: 5 global 0x7d0000 272 0 std::cout in libstdc++.so.6
object: 6 heap 0x0 1024 0 0x48f0000 [sysmalloc]
object-origin: 6 allocator -
object-counts: 1 1 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
object-counts: 2 1 0 300 0 0 0 0 0 0 0 0 0 0 0 0 0 0
object-counts: 3 1 100 0 2 0 2 0 0 0 0 2 0 0 0 0 2 0
object-counts: 4 1 250 50 20 0 20 0 0 0 0 20 0 0 0 0 20 0
object-counts: 4 2 250 50 20 0 20 0 0 0 0 20 0 0 0 0 20 0
object-counts: 5 1 20 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
object-counts: 6 1 60 20 0 5 0 0 5 0 0 0 0 5 0 0 5 0
object-ref: 1 1 1 1000 0 0 0 0 0 0 0 0 0 0 0 0 0 0
object-ref: 2 2 1 0 300 0 0 0 0 0 0 0 0 0 0 0 0 0 0
object-ref: 3 3 1 100 0 2 0 2 0 0 0 0 2 0 0 0 0 2 0
object-ref: 4 4 1 250 50 20 0 20 0 0 0 0 20 0 0 0 0 20 0
object-ref: 4 4 2 250 50 20 0 20 0 0 0 0 20 0 0 0 0 20 0
object-ref: 5 5 1 20 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
object-ref: 6 6 1 60 20 0 5 0 0 5 0 0 0 0 5 0 0 5 0
summary: 1680 420 42 5 42 0 5 0 0 42 0 5 0 0 47 0
