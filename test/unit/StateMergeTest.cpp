//===- StateMergeTest.cpp - The merge policy of the explorer --------------===//
//
// Two states in, the merged state or both out: mergeBooleans either returns
// one state equal to "into when the selector holds, s otherwise" on every
// assignment, or fails and leaves both states as they were (both paths go
// on). canonicalizeAtoms gives states that differ only in atom numbering the
// same numbering.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/StateMerge.h"

#include <gtest/gtest.h>

using namespace memlint;
using namespace memlint::explorer;

namespace {

/// A state with boolean values `bools` (value numbers 0, 1, ...), the
/// assumptions `assumed` and `atoms` atoms in use.
PathState makeState(std::vector<BoolFn> bools, Assignment assumed = {},
                    uint32_t atoms = 0) {
  PathState s;
  for (auto [i, fn] : llvm::enumerate(bools))
    s.bind(i, AbsVal::getBool(fn));
  s.assignment = std::move(assumed);
  s.nextAtom = atoms;
  return s;
}

const BoolFn &boolOf(const PathState &s, uint32_t number) {
  const AbsVal *val = s.lookup(number);
  EXPECT_TRUE(val && val->kind == AbsVal::Kind::Bool);
  return val->boolValue;
}

/// Every assignment of atoms [0, n), as a sorted Assignment.
std::vector<Assignment> allAssignments(uint32_t n) {
  std::vector<Assignment> result;
  for (uint32_t bits = 0; bits < (1u << n); ++bits) {
    Assignment a;
    for (uint32_t i = 0; i < n; ++i)
      a.emplace_back(i, (bits >> i) & 1);
    result.push_back(a);
  }
  return result;
}

} // namespace

TEST(StateMergeTest, DifferingBooleanBecomesIteOverFreshAtom) {
  BoolFn a = BoolFn::atom(0);
  PathState into = makeState({a, BoolFn::constant(true)}, {}, 1);
  PathState s = makeState({a.negate(), BoolFn::constant(true)}, {}, 1);
  into.addHit(3);
  into.addHit(5);
  s.addHit(5);
  ASSERT_TRUE(into.sameShape(s));
  ASSERT_TRUE(mergeBooleans(into, s));
  // One fresh selector x: value 0 is `x ? a : !a`, value 1 unchanged.
  EXPECT_EQ(into.nextAtom, 2u);
  EXPECT_TRUE(into.assignment.empty());
  EXPECT_EQ(boolOf(into, 1), BoolFn::constant(true));
  const BoolFn &merged = boolOf(into, 0);
  for (const Assignment &env : allAssignments(2)) {
    bool atomA = env[0].second;
    bool x = env[1].second;
    EXPECT_EQ(merged.evaluate(env), x ? atomA : !atomA);
  }
  // The hits of the merged path are those of both.
  EXPECT_EQ(into.hits, (llvm::SmallVector<uint32_t, 2>{5}));
  // The merge is on the trace (witnesses that cross it are recomputed).
  ASSERT_TRUE(into.trace);
  EXPECT_EQ(into.trace->kind, TraceStep::Kind::Merge);
}

TEST(StateMergeTest, OneDisagreeingAssumptionIsTheSelector) {
  // into assumed atom 0 true and holds true; s assumed it false and holds
  // false: merged, the value is atom 0 itself and nothing is assumed.
  PathState into = makeState({BoolFn::constant(true)}, {{0, true}}, 1);
  PathState s = makeState({BoolFn::constant(false)}, {{0, false}}, 1);
  ASSERT_TRUE(into.sameShape(s));
  ASSERT_TRUE(mergeBooleans(into, s));
  EXPECT_TRUE(into.assignment.empty());
  const BoolFn &merged = boolOf(into, 0);
  EXPECT_EQ(merged.evaluate({{0, true}}), true);
  EXPECT_EQ(merged.evaluate({{0, false}}), false);
}

TEST(StateMergeTest, AgreeingAssumptionsStay) {
  // Both assume atom 0 false; they differ in a boolean over atom 1.
  BoolFn b = BoolFn::atom(1);
  PathState into = makeState({b, BoolFn::atom(0)}, {{0, false}}, 2);
  PathState s = makeState({b.negate(), BoolFn::atom(0)}, {{0, false}}, 2);
  ASSERT_TRUE(mergeBooleans(into, s));
  ASSERT_EQ(into.assignment.size(), 1u);
  EXPECT_EQ(into.assignment[0].second, false);
}

TEST(StateMergeTest, TwoDisagreeingAssumptionsStayApart) {
  // (a && b) || (!a && !b) is not an assumption: both paths go on.
  PathState into =
      makeState({BoolFn::constant(true)}, {{0, true}, {1, true}}, 2);
  PathState s =
      makeState({BoolFn::constant(false)}, {{0, false}, {1, false}}, 2);
  ASSERT_TRUE(into.sameShape(s));
  auto intoBefore = into.fingerprint(), sBefore = s.fingerprint();
  EXPECT_FALSE(mergeBooleans(into, s));
  EXPECT_EQ(into.fingerprint(), intoBefore);
  EXPECT_EQ(s.fingerprint(), sBefore);
  EXPECT_FALSE(into.trace);
}

TEST(StateMergeTest, TooManyAtomsStayApart) {
  // A boolean over the most atoms a function may hold: the merge would need
  // one more (the selector), so both paths go on unchanged.
  BoolFn full = BoolFn::atom(0);
  for (uint32_t i = 1; i < BoolFn::kMaxAtoms; ++i)
    full = *BoolFn::combine(full, BoolFn::atom(i), BoolFn::Op::Xor);
  PathState into = makeState({full}, {}, BoolFn::kMaxAtoms);
  PathState s = makeState({full.negate()}, {}, BoolFn::kMaxAtoms);
  auto intoBefore = into.fingerprint(), sBefore = s.fingerprint();
  EXPECT_FALSE(mergeBooleans(into, s));
  EXPECT_EQ(into.fingerprint(), intoBefore);
  EXPECT_EQ(s.fingerprint(), sBefore);
  EXPECT_EQ(into.nextAtom, BoolFn::kMaxAtoms);
}

TEST(StateMergeTest, EqualStatesMergeWithoutAFreshAtom) {
  BoolFn a = BoolFn::atom(0);
  PathState into = makeState({a}, {}, 1);
  PathState s = makeState({a}, {}, 1);
  ASSERT_TRUE(mergeBooleans(into, s));
  EXPECT_EQ(into.nextAtom, 1u);
  EXPECT_EQ(boolOf(into, 0), a);
}

TEST(StateMergeTest, MergedStateIsExactOnEveryAssignment) {
  // Random-ish pairs over three atoms: wherever the merge succeeds, under
  // the selector the merged booleans are into's, under its negation s's.
  BoolFn atoms[3] = {BoolFn::atom(0), BoolFn::atom(1), BoolFn::atom(2)};
  BoolFn::Op ops[3] = {BoolFn::Op::And, BoolFn::Op::Or, BoolFn::Op::Xor};
  int merges = 0;
  for (int i = 0; i < 27; ++i) {
    BoolFn f = *BoolFn::combine(atoms[i % 3], atoms[(i / 3) % 3], ops[i / 9]);
    BoolFn g = *BoolFn::combine(atoms[(i + 1) % 3], atoms[2], ops[i % 3]);
    PathState into = makeState({f, g}, {}, 3);
    PathState s = makeState({g, f.negate()}, {}, 3);
    PathState original = into;
    if (!mergeBooleans(into, s))
      continue;
    // Checked where the canonical numbering after the merge is the
    // identity (the first value holds all four atoms, in order).
    if (boolOf(into, 0).getAtoms() != llvm::ArrayRef<uint32_t>({0, 1, 2, 3}))
      continue;
    ++merges;
    ASSERT_EQ(into.nextAtom, 4u) << i;
    for (const Assignment &env : allAssignments(4)) {
      bool x = env[3].second;
      Assignment inner(env.begin(), env.begin() + 3);
      for (uint32_t v = 0; v < 2; ++v) {
        const PathState &from = x ? original : s;
        EXPECT_EQ(boolOf(into, v).evaluate(env),
                  boolOf(from, v).evaluate(inner))
            << "case " << i << " value " << v;
      }
    }
  }
  EXPECT_GT(merges, 10);
}

TEST(StateMergeTest, CanonicalAtomsDoNotDependOnNumbering) {
  // The same state with its atoms numbered 7, 4 and 0, 1: one canonical form,
  // and an assumption nothing refers to is dropped.
  PathState a = makeState(
      {BoolFn::atom(7),
       *BoolFn::combine(BoolFn::atom(4), BoolFn::atom(7), BoolFn::Op::And)},
      {{4, true}, {9, false}}, 10);
  PathState b = makeState(
      {BoolFn::atom(1),
       *BoolFn::combine(BoolFn::atom(0), BoolFn::atom(1), BoolFn::Op::And)},
      {{0, true}}, 2);
  canonicalizeAtoms(a);
  canonicalizeAtoms(b);
  EXPECT_EQ(a.fingerprint(), b.fingerprint());
  EXPECT_TRUE(a.sameIdentity(b));
  EXPECT_EQ(a.nextAtom, 2u);
  EXPECT_EQ(a.assignment.size(), 1u);
}
