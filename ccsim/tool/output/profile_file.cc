// profile_file.cc: where the profile goes and how it gets there safely (profile_file.h).
#include "ccsim/tool/output/profile_file.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/process_stat.h"
#include "ccsim/tool/output/temporary_file.h"
#include "ccsim/tool/output/tool_messages.h"
#include "pub_tool_vkiscnums.h"

namespace ccsim {
namespace {

// Flags and errnos the vki headers do not define (values from the kernel's asm-generic headers, as on
// amd64).
constexpr Int kOpenCloseOnExec = 02000000;
constexpr Int kErrorNameTooLong = 36;     // ENAMETOOLONG
constexpr Int kErrorQuotaExceeded = 122;  // EDQUOT
constexpr SizeT kNameMax = 255;          // NAME_MAX: the longest name of one directory entry
constexpr UWord kClockRealtime = 0;       // CLOCK_REALTIME
constexpr UWord kClockBoottime = 7;       // CLOCK_BOOTTIME, which /proc's starttime counts in

// The expanded --ccsim-out-file of the process that expanded it. A forked child has another pid and
// expands the name again; the same process never does, so %n counts once per process.
HChar* expanded_target = nullptr;
Int expanded_for_pid = 0;

// A target written in place is opened before the client runs and kept open until the end: a path such
// as /dev/stdout or a symlink to /proc/self/fd/1 may not resolve any more at the exit of a multithreaded
// client (once its main thread has ended, /proc/self/fd is gone). The fd sits in Valgrind's own range
// (VG_(safe_fd)), out of the client's reach. -1 when the target is not written in place.
Int in_place_fd = -1;
const HChar* expanded_at_check = "";  // the name in_place_fd was opened for

SysRes system_call(UWord number, UWord a1, UWord a2 = 0, UWord a3 = 0) {
  return VG_(do_syscall)(number, a1, a2, a3, 0, 0, 0, 0, 0);
}

// lstat(2): what the path itself is, a symlink not followed. Returns 0 or the errno.
Int lstat_mode(const HChar* path, UInt* mode) {
  struct vki_stat status;
  SysRes result = system_call(__NR_lstat, reinterpret_cast<UWord>(path), reinterpret_cast<UWord>(&status));
  if (sr_isError(result)) return static_cast<Int>(sr_Err(result));
  *mode = status.st_mode;
  return 0;
}

// stat(2): the file the path names, symlinks followed. Returns 0 or the errno.
Int stat_mode(const HChar* path, UInt* mode) {
  struct vg_stat status;
  SysRes result = VG_(stat)(path, &status);
  if (sr_isError(result)) return static_cast<Int>(sr_Err(result));
  *mode = status.mode;
  return 0;
}

// A copy of `path` up to its last '/' (or "." for a bare name in the current directory).
HChar* directory_of(const HChar* path) {
  const HChar* slash = VG_(strrchr)(path, '/');
  if (slash == nullptr) return VG_(strdup)("ccsim.out.dir", ".");
  const SizeT length = slash == path ? 1 : static_cast<SizeT>(slash - path);
  HChar* directory = static_cast<HChar*>(VG_(malloc)("ccsim.out.dir", length + 1));
  VG_(strncpy)(directory, path, length);
  directory[length] = '\0';
  return directory;
}

const HChar* last_component(const HChar* path) {
  const HChar* slash = VG_(strrchr)(path, '/');
  return slash == nullptr ? path : slash + 1;
}

// A path that is a symlink, or names something other than a regular file, is written in place: renaming
// a file over it would replace the link (or, as root, the device such as /dev/null) with a regular file.
bool written_in_place(UInt lstat_mode_bits) { return !VKI_S_ISREG(lstat_mode_bits); }

// The tool's pid in a simulation worker (set_profile_owner), 0 elsewhere.
Int profile_pid_override = 0;

// When this process started, in nanoseconds of the real-time clock: /proc/self/stat's starttime (field
// 22, clock ticks since boot, USER_HZ = 100 on Linux) taken back from now on the boot-time clock. An exec
// keeps it. 0 when it cannot be read.
ULong process_start_ns() {
  HChar text[1024];
  const HChar* fields = read_process_stat(VG_(getpid)(), text, sizeof text);
  const HChar* start = fields != nullptr ? process_stat_field(fields, 22) : nullptr;
  if (start == nullptr) return 0;
  constexpr ULong kNsPerTick = 1000000000ull / 100;
  struct vki_timespec real_now, boot_now;
  if (sr_isError(system_call(__NR_clock_gettime, kClockRealtime, reinterpret_cast<UWord>(&real_now))) ||
      sr_isError(system_call(__NR_clock_gettime, kClockBoottime, reinterpret_cast<UWord>(&boot_now)))) {
    return 0;
  }
  const ULong since_boot = ULong(boot_now.tv_sec) * 1000000000ull + ULong(boot_now.tv_nsec);
  const ULong started_after_boot = VG_(strtoull10)(start, nullptr) * kNsPerTick;
  const ULong real = ULong(real_now.tv_sec) * 1000000000ull + ULong(real_now.tv_nsec);
  return real - (since_boot - started_after_boot);
}

// Whether `path` holds a profile this process wrote (its `pid:` is this pid) since it started, less a
// second (the clocks are read at slightly different moments, and starttime counts whole ticks): then an
// earlier image of this process wrote it before an exec (client_exec.h). A profile of an earlier process
// with this pid was written before that process ended, so before this one started; any other file of the
// name (another run's, a file planted there) has another pid or none.
bool written_by_earlier_image(const HChar* path, ULong started_ns) {
  if (!written_since(path, started_ns)) return false;
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened)) return false;
  const Int fd = static_cast<Int>(sr_Res(opened));
  HChar head[256];
  const Int length = VG_(read)(fd, head, sizeof head - 1);
  VG_(close)(fd);
  if (length <= 0) return false;
  head[length] = '\0';
  HChar pid_line[32];
  VG_(sprintf)(pid_line, "\npid: %d\n", VG_(getpid)());
  return VG_(strncmp)(head, "ccsim-profile-version: ", 23) == 0 && VG_(strstr)(head, pid_line) != nullptr;
}

const HChar* expanded_name() {
  if (expanded_target == nullptr || expanded_for_pid != profile_pid()) {
    // VG_(expand_file_name) stops Valgrind with its own message (exit 1) on a bad `%` escape.
    HChar* expanded = VG_(expand_file_name)("--ccsim-out-file", options.out_file);
    expanded_target = name_after_earlier_images(expanded, written_by_earlier_image);
    expanded_for_pid = profile_pid();
  }
  return expanded_target;
}

// Stops Valgrind before the client runs: "--ccsim-out-file=<value>: <sentence>", exit 1.
#define REJECT_DESTINATION(...)                                                  \
  do {                                                                          \
    HChar* option = static_cast<HChar*>(                                        \
        VG_(malloc)("ccsim.out.option", VG_(strlen)(options.out_file) + 20));   \
    VG_(sprintf)(option, "--ccsim-out-file=%s", options.out_file);              \
    VG_(fmsg_bad_option)(option, __VA_ARGS__);                                  \
    VG_(exit)(1); /* after the command line, VG_(fmsg_bad_option) only prints */ \
  } while (0)

// The errno's text: VG_(strerror)'s, which leaves out a few that writing a file can meet.
const HChar* error_text(Int error) {
  switch (error) {
    case kErrorNameTooLong: return "File name too long";
    case VKI_ELOOP: return "Too many levels of symbolic links";
    case kErrorQuotaExceeded: return "Disk quota exceeded";
    default: return VG_(strerror)(static_cast<UWord>(error));
  }
}

// Whether `path` names the same file as the program's stdout or stderr (a redirected stdout reached
// through /dev/stdout or /proc/self/fd/1).
bool is_program_output(const HChar* path) {
  struct vg_stat named;
  if (sr_isError(VG_(stat)(path, &named))) return false;
  for (Int fd = 1; fd <= 2; ++fd) {
    struct vg_stat output;
    if (VG_(fstat)(fd, &output) == 0 && output.dev == named.dev && output.ino == named.ino) return true;
  }
  return false;
}

// Opens the target itself for writing (`named`: the mode of the file the path names). A regular file
// that is the program's stdout or stderr is appended to, so that what the program writes there is kept;
// any other regular file is truncated (one profile per file). Returns the fd, in Valgrind's range, or the
// errno negated.
Int open_in_place(const HChar* target, UInt named) {
  Int flags = VKI_O_WRONLY | kOpenCloseOnExec;
  if (VKI_S_ISREG(named)) flags |= is_program_output(target) ? VKI_O_APPEND : VKI_O_TRUNC;
  SysRes result = VG_(open)(target, flags, 0);
  if (sr_isError(result)) return -static_cast<Int>(sr_Err(result));
  return VG_(safe_fd)(static_cast<Int>(sr_Res(result)));
}

void tell_not_written(const HChar* target, const HChar* doing, Int error, bool target_kept) {
  tool_message("ccsim: the profile was not written to '%s': %s (%s)%s.\n", target, error_text(error), doing,
            target_kept ? "; the file already there is left as it was" : "");
}

}  // namespace

bool written_since(const HChar* path, ULong started_ns) {
  struct vg_stat status;
  if (started_ns == 0 || sr_isError(VG_(stat)(path, &status)) || !VKI_S_ISREG(status.mode)) return false;
  UInt mode = 0;
  if (lstat_mode(path, &mode) != 0 || !VKI_S_ISREG(mode)) return false;
  return status.mtime * 1000000000ull + status.mtime_nsec + 1000000000ull >= started_ns;
}

HChar* name_after_earlier_images(HChar* name, bool (*taken)(const HChar* path, ULong started_ns)) {
  const ULong started_ns = process_start_ns();
  if (!taken(name, started_ns)) return name;
  HChar* numbered = static_cast<HChar*>(VG_(malloc)("ccsim.out.name", VG_(strlen)(name) + 12));
  for (UInt image = 2;; ++image) {
    VG_(sprintf)(numbered, "%s.%u", name, image);
    if (!taken(numbered, started_ns)) return numbered;
  }
}

Int profile_pid() { return profile_pid_override != 0 ? profile_pid_override : VG_(getpid)(); }

const HChar* profile_target_name() { return expanded_name(); }

void set_profile_owner(Int pid, const HChar* name) {
  profile_pid_override = pid;
  expanded_target = VG_(strdup)("ccsim.out.name", name);
  expanded_for_pid = pid;
}

void check_profile_destination() {
  const HChar* target = expanded_name();
  const HChar* name = last_component(target);
  if (VG_(strlen)(name) + kTemporaryExtra > kNameMax) {
    REJECT_DESTINATION("the file name '%s' is too long: with the temporary file's '%s' and %llu more "
                       "characters it must fit in %llu.\n", name, kTemporaryInfix,
                       static_cast<ULong>(kSuffixLength), static_cast<ULong>(kNameMax));
  }
  UInt mode = 0;
  const Int missing = lstat_mode(target, &mode);
  if (missing == 0 && written_in_place(mode)) {
    UInt named = 0;
    if (stat_mode(target, &named) != 0) {
      REJECT_DESTINATION("'%s' is a symbolic link to a file that does not exist.\n", target);
    }
    if (VKI_S_ISDIR(named)) REJECT_DESTINATION("'%s' is a directory.\n", target);
    const Int fd = open_in_place(target, named);
    if (fd < 0) REJECT_DESTINATION("'%s' cannot be opened for writing: %s.\n", target, error_text(-fd));
    in_place_fd = fd;
    expanded_at_check = target;
    return;
  }
  if (missing != 0 && missing != VKI_ENOENT) {
    REJECT_DESTINATION("'%s' cannot be looked at: %s.\n", target, error_text(missing));
  }
  HChar* directory = directory_of(target);
  UInt directory_mode = 0;
  const Int directory_error = stat_mode(directory, &directory_mode);
  if (directory_error != 0 || !VKI_S_ISDIR(directory_mode)) {
    REJECT_DESTINATION("the directory '%s' does not exist.\n", directory);
  }
  if (VG_(access)(directory, False, True, True) != 0) {
    REJECT_DESTINATION("the directory '%s' is not writable.\n", directory);
  }
  VG_(free)(directory);
}

void ProfileFile::add_char(HChar c, void* self) {
  ProfileFile* file = static_cast<ProfileFile*>(self);
  if (file->buffered_ == kBufferBytes) file->flush();
  file->buffer_[file->buffered_++] = c;
}

void ProfileFile::printf(const HChar* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  VG_(vcbprintf)(add_char, this, format, arguments);
  va_end(arguments);
}

bool ProfileFile::flush() {
  UInt written = 0;
  // A short write is retried for the rest; a failed one ends the file (the text after it is dropped).
  while (error == 0 && written < buffered_) {
    const Int n = VG_(write)(fd, buffer_ + written, static_cast<Int>(buffered_ - written));
    if (n < 0 && n != -VKI_EINTR) error = -n;
    if (n == 0) error = VKI_ENOSPC;  // nothing written and no error: the device took no more
    if (n > 0) written += static_cast<UInt>(n);
  }
  buffered_ = 0;
  return error == 0;
}

ProfileFile* open_profile_file() {
  const HChar* target = expanded_name();
  ProfileFile* file = create_object<ProfileFile>("ccsim.out.file");
  file->target = VG_(strdup)("ccsim.out.name", target);
  UInt mode = 0;
  const Int missing = lstat_mode(target, &mode);
  // Opened before the client ran (the path may not even resolve now); a forked child whose name changed
  // with its pid looks at its own.
  const bool opened_at_check = in_place_fd >= 0 && VG_(strcmp)(target, expanded_at_check) == 0;
  if (opened_at_check || (missing == 0 && written_in_place(mode))) {
    Int fd = in_place_fd;
    if (!opened_at_check) {
      UInt named = 0;
      const Int error = stat_mode(target, &named);
      fd = error != 0 ? -error : open_in_place(target, named);
    }
    if (fd < 0) {
      tell_not_written(target, "opening it", -fd, false);
      VG_(free)(file->target);
      destroy_object(file);
      return nullptr;
    }
    file->fd = fd;
    file->in_place = true;
    return file;
  }
  file->temporary = static_cast<HChar*>(VG_(malloc)("ccsim.out.name", VG_(strlen)(target) + kTemporaryExtra + 1));
  const Int fd = create_temporary(target, file->temporary);
  if (fd < 0) {
    tell_not_written(target, "creating a temporary file beside it", -fd, missing == 0);
    VG_(free)(file->temporary);
    VG_(free)(file->target);
    destroy_object(file);
    return nullptr;
  }
  file->fd = fd;
  // A profile replacing a file keeps that file's permissions (fchmod is not subject to the umask).
  if (missing == 0) system_call(__NR_fchmod, static_cast<UWord>(fd), mode & 07777);
  return file;
}

bool finish_profile_file(ProfileFile* file) {
  const HChar* doing = "writing it";
  Int error = file->flush() ? 0 : file->error;
  // Synced before the rename, so that after a crash of the machine the name never holds a file whose
  // blocks never reached the disk. Pipes and terminals cannot be synced (and need not be).
  struct vg_stat status;
  if (error == 0 && VG_(fstat)(file->fd, &status) == 0 && VKI_S_ISREG(status.mode)) {
    SysRes synced = system_call(__NR_fsync, static_cast<UWord>(file->fd));
    if (sr_isError(synced)) {
      error = static_cast<Int>(sr_Err(synced));
      doing = "syncing it to disk";
    }
  }
  // close(2) can report a write error late (NFS, quotas): checked too.
  SysRes closed = system_call(__NR_close, static_cast<UWord>(file->fd));
  if (error == 0 && sr_isError(closed)) {
    error = static_cast<Int>(sr_Err(closed));
    doing = "closing it";
  }
  if (error == 0 && !file->in_place) {
    // rename(2) itself rather than VG_(rename), which drops the errno.
    SysRes renamed = system_call(__NR_rename, reinterpret_cast<UWord>(file->temporary),
                                 reinterpret_cast<UWord>(file->target));
    if (sr_isError(renamed)) {
      error = static_cast<Int>(sr_Err(renamed));
      doing = "renaming the temporary file to it";
    }
  }
  if (error != 0) {
    UInt mode = 0;
    tell_not_written(file->target, doing, error, !file->in_place && lstat_mode(file->target, &mode) == 0);
    if (!file->in_place) VG_(unlink)(file->temporary);
  } else if (VG_(clo_verbosity) > 0) {
    tool_message("ccsim: profile written to %s\n", file->target);
  }
  VG_(free)(file->temporary);
  VG_(free)(file->target);
  destroy_object(file);
  return error == 0;
}

}  // namespace ccsim
