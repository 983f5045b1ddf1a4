// thread_labels.h: what each thread is called in the profile (`thread: <n> <label>` records,
// docs/output-format.md): the main thread `main`, an OpenMP team thread by its place in the first team
// it joined (`omp thread 2 of 4`, 2 being omp_get_thread_num()), any other thread by its start routine's
// function name as pthread_create received it (`worker`; `std::thread` when the start routine is
// libstdc++'s, whose own name would say nothing), and `???` when none of these is known.
#ifndef CCSIM_TOOL_THREAD_LABELS_H
#define CCSIM_TOOL_THREAD_LABELS_H

#include <cstdint>

#include "ccsim/core/types.h"

namespace ccsim {

// After init_threads: the table, one entry per possible processor.
void init_thread_labels(std::uint32_t max_processors);
// Thread `tid` (Valgrind's ThreadId) is about to call its start routine at `routine` (the preload's
// THREAD_START request): the name is looked up now, while the code that holds it is surely mapped.
void label_start_routine(unsigned tid, Addr routine);
// Thread `tid` enters an OpenMP team as thread `number` of `size`; only its first team names it, and the
// team's master (number 0) keeps its own name.
void label_team_thread(unsigned tid, std::uint32_t number, std::uint32_t size);
// Writes the label of the thread on processor `proc` (at most `capacity` bytes with the final 0).
void thread_label(ProcId proc, char* label, std::uint32_t capacity);
// The parts of a label, and a simulation worker's copy of them (workers/worker_handover.h): the start
// routine's name (null: unknown) and the first team joined as a non-master (size 0: none).
void thread_label_parts(ProcId proc, const char** start_routine, std::uint32_t* omp_number, std::uint32_t* omp_team_size);
void set_thread_label_parts(ProcId proc, const char* start_routine, std::uint32_t omp_number, std::uint32_t omp_team_size);

}  // namespace ccsim

#endif
