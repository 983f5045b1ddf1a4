// geometry_test.cc: cache geometries are parsed from "size,assoc,line", and every mistake a user can make
// in one is rejected with one sentence naming the option and what would be right.
#include "ccsim/core/geometry.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// The message parse_geometry gives for `text` given to --L1 (fails the test if it accepts it).
std::string rejection(const char* text, bool allow_none = true) {
  CacheGeometry geometry;
  ErrorMessage error;
  EXPECT_FALSE(parse_geometry(text, allow_none, "--L1", &geometry, &error)) << text << " was accepted";
  return error.text;
}

// A valid geometry gives its size, associativity and line size; 32768 / (8 x 64) = 64 sets.
TEST(GeometryTest, ParsesSizeAssociativityLine) {
  CacheGeometry geometry;
  ErrorMessage error;
  ASSERT_TRUE(parse_geometry("32768,8,64", false, "--L1", &geometry, &error)) << error.text;
  EXPECT_TRUE(geometry.present);
  EXPECT_EQ(geometry.size_bytes, 32768u);
  EXPECT_EQ(geometry.associativity, 8u);
  EXPECT_EQ(geometry.line_bytes, 64u);
  EXPECT_EQ(geometry.sets(), 64u);
}

// "none" is an absent level where allowed.
TEST(GeometryTest, NoneIsAnAbsentLevel) {
  CacheGeometry geometry;
  geometry.present = true;
  ErrorMessage error;
  ASSERT_TRUE(parse_geometry("none", true, "--L2", &geometry, &error));
  EXPECT_FALSE(geometry.present);
}

// Each malformed or impossible geometry is rejected with its own sentence.
TEST(GeometryTest, RejectsMistakesWithOneSentence) {
  EXPECT_EQ(rejection("none", false), "--L1 cannot be none: give size,assoc,line in decimal bytes (e.g. 32768,8,64).");
  EXPECT_EQ(rejection("32k,8,64"), "--L1=32k,8,64: not size,assoc,line in decimal bytes (e.g. 32768,8,64).");
  EXPECT_EQ(rejection("32768,8"), "--L1=32768,8: not size,assoc,line in decimal bytes (e.g. 32768,8,64).");
  EXPECT_EQ(rejection(""), "--L1=: not size,assoc,line in decimal bytes (e.g. 32768,8,64).");
  EXPECT_EQ(rejection("32768,8,64,"), "--L1=32768,8,64,: not size,assoc,line in decimal bytes (e.g. 32768,8,64).");
  EXPECT_EQ(rejection("32768,0,64"), "--L1=32768,0,64: size, associativity and line size must all be at least 1.");
  EXPECT_EQ(rejection("32768,8,48"), "--L1=32768,8,48: the line size 48 is not a power of two from 8 to 256.");
  EXPECT_EQ(rejection("32768,8,4"), "--L1=32768,8,4: the line size 4 is not a power of two from 8 to 256.");
  EXPECT_EQ(rejection("32768,8,512"), "--L1=32768,8,512: the line size 512 is not a power of two from 8 to 256.");
  EXPECT_EQ(rejection("8589934592,8,64"), "--L1=8589934592,8,64: the size must be at most 4294967296 bytes.");
  EXPECT_EQ(rejection("99999999999999999999999,8,64"),
            "--L1=99999999999999999999999,8,64: the size must be at most 4294967296 bytes.");
  EXPECT_EQ(rejection("32,1,64"), "--L1=32,1,64: the line size 64 is larger than the size 32.");
  EXPECT_EQ(rejection("1024,32,64"),
            "--L1=1024,32,64: the associativity 32 is more than the 16 lines the cache holds.");
  EXPECT_EQ(rejection("1000,8,64"),
            "--L1=1000,8,64: the size 1000 is not a whole number of sets of 8 ways x 64 bytes.");
  EXPECT_EQ(rejection("24576,8,64"),
            "--L1=24576,8,64: the 48 sets (size / (associativity x line size)) are not a power of two.");
}

// A machine needs an L1, one line size at every level, and 1..4096 processors.
TEST(GeometryTest, RejectsInconsistentMachines) {
  MachineConfig config = make_machine("32768,8,64", "262144,8,64", "none", 4);
  ErrorMessage error;
  config.l2.line_bytes = 128;
  EXPECT_FALSE(validate_machine(config, &error));
  EXPECT_STREQ(error.text, "--L2's line size 128 differs from --L1's 64: every level must use the same line size.");
  config.l2 = CacheGeometry{};
  config.llc = config.l1;
  config.llc.line_bytes = 32;
  EXPECT_FALSE(validate_machine(config, &error));
  EXPECT_STREQ(error.text, "--LLC's line size 32 differs from --L1's 64: every level must use the same line size.");
  config.llc = CacheGeometry{};
  config.max_processors = 4097;
  EXPECT_FALSE(validate_machine(config, &error));
  EXPECT_STREQ(error.text, "the number of simulated processors must be 1..4096 (got 4097).");
  config.max_processors = 4;
  config.l1 = CacheGeometry{};
  EXPECT_FALSE(validate_machine(config, &error));
  EXPECT_STREQ(error.text, "--L1 cannot be none: every processor needs an L1 data cache.");
}

}  // namespace
}  // namespace ccsim::test
