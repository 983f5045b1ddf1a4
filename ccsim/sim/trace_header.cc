// trace_header.cc: decompresses a trace's first bytes, as many as its header takes.
#include "ccsim/sim/trace_header.h"

#include <zstd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

#include "ccsim/trace/format.h"

namespace ccsim {
namespace {

namespace tf = trace_format;

// The decompressed stream, read word by word from the file through a libzstd stream context.
class TraceStream {
 public:
  TraceStream(std::FILE* file) : file_(file), context_(ZSTD_createDStream(), &ZSTD_freeDStream) {
    ZSTD_initDStream(context_.get());
  }

  // Fills `data` with `bytes` decompressed bytes; false at the end of the file, on a zstd error (with its
  // name in `*zstd_error`) or on a read error.
  bool read(void* data, std::size_t bytes, std::string* zstd_error) {
    ZSTD_outBuffer out{data, bytes, 0};
    while (out.pos < out.size) {
      if (in_.pos == in_.size) {
        in_.size = std::fread(input_, 1, sizeof input_, file_);
        in_.pos = 0;
        if (in_.size == 0) return false;
      }
      const std::size_t result = ZSTD_decompressStream(context_.get(), &out, &in_);
      if (ZSTD_isError(result)) {
        *zstd_error = ZSTD_getErrorName(result);
        return false;
      }
    }
    return true;
  }

 private:
  std::FILE* file_;
  std::unique_ptr<ZSTD_DStream, std::size_t (*)(ZSTD_DStream*)> context_;
  char input_[1 << 16];
  ZSTD_inBuffer in_{input_, 0, 0};
};

}  // namespace

bool read_trace_header(const std::string& path, TraceHeader* header, std::string* error) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) {
    *error = "the trace '" + path + "' cannot be opened: " + std::strerror(errno) + ".";
    return false;
  }
  auto stream = std::make_unique<TraceStream>(file.get());
  std::string zstd_error;
  std::uint32_t words[2] = {};
  if (!stream->read(words, sizeof words, &zstd_error) || words[0] != tf::kMagic) {
    *error = "'" + path + "' is not a ccsim trace" + (zstd_error.empty() ? "" : " (zstd: " + zstd_error + ")") + ".";
    return false;
  }
  if (words[1] != tf::kVersion) {
    *error = "the trace '" + path + "' has format version " + std::to_string(words[1]) +
             "; this ccsim-sim reads version " + std::to_string(tf::kVersion) + ".";
    return false;
  }
  for (;;) {
    std::uint32_t field[2] = {};
    if (!stream->read(field, sizeof field, &zstd_error) || field[1] > (1u << 20)) break;
    if (field[0] == tf::kEnd) return true;
    std::string text(tf::padded_words(field[1]) * 4, '\0');
    if (!stream->read(&text[0], text.size(), &zstd_error)) break;
    text.resize(field[1]);
    switch (field[0]) {
      case tf::kProgram: header->program = text; break;
      case tf::kArgument: header->arguments.push_back(text); break;
      case tf::kValgrindArgument: header->valgrind_arguments.push_back(text); break;
      case tf::kDirectory: header->directory = text; break;
      case tf::kLauncher: header->launcher = text; break;
      case tf::kValgrindLib: header->valgrind_lib = text; break;
      case tf::kPid: header->pid = text; break;
      default: break;  // the program's stamp: the tool checks it
    }
  }
  *error = "the trace '" + path + "' is damaged: it ends inside its header" +
           (zstd_error.empty() ? "" : " (zstd: " + zstd_error + ")") + ".";
  return false;
}

}  // namespace ccsim
