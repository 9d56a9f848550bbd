//===- DriverTest.cpp - Relative paths and state fingerprints ---------------===//

#include "analyzer/AbstractState.h"
#include "tools/LintDriver.h"

#include <gtest/gtest.h>

using namespace memlint;

TEST(RelativePathTest, RelativeToBase) {
  EXPECT_EQ(relativePath("/a/b/c.mlir", "/a"), "b/c.mlir");
  EXPECT_EQ(relativePath("/a/b/c.mlir", "/a/b"), "c.mlir");
  EXPECT_EQ(relativePath("/a/x/c.mlir", "/a/b"), "../x/c.mlir");
  EXPECT_EQ(relativePath("/a/b/./d/../c.mlir", "/a"), "b/c.mlir");
  EXPECT_EQ(relativePath("-", "/a"), "<stdin>");
}

TEST(FingerprintTest, EqualStatesEqualPrints) {
  PathState a;
  a.bind(3, AbsVal::getInt(7));
  a.bind(5, AbsVal::getBool(BoolFn::atom(0)));
  a.nextAtom = 1;
  PathState b = a;
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  EXPECT_TRUE(a.sameIdentity(b));
  // The trace and hits are not part of the identity.
  b.addHit(4);
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
}

TEST(FingerprintTest, DifferentStatesDifferentPrints) {
  PathState a;
  a.bind(3, AbsVal::getInt(7));
  PathState b = a;
  b.bind(3, AbsVal::getInt(8));
  EXPECT_NE(a.fingerprint(), b.fingerprint());
  PathState c = a;
  c.assume(0, true);
  EXPECT_NE(a.fingerprint(), c.fingerprint());
  PathState d = a;
  BufferRecord buffer;
  buffer.freed = true;
  d.buffers.push_back(buffer);
  PathState e = a;
  e.buffers.push_back(BufferRecord());
  EXPECT_NE(d.fingerprint(), e.fingerprint());
}
