//===- BoolFnTest.cpp - Truth-table boolean functions ----------------------===//

#include "analyzer/AbstractState.h"

#include <gtest/gtest.h>

using namespace memlint;

TEST(BoolFnTest, ConstantsAndNegation) {
  EXPECT_EQ(BoolFn::constant(true).getConstant(), true);
  EXPECT_EQ(BoolFn::constant(false).getConstant(), false);
  EXPECT_EQ(BoolFn::constant(true).negate(), BoolFn::constant(false));
  BoolFn a = BoolFn::atom(3);
  EXPECT_FALSE(a.getConstant());
  EXPECT_EQ(a.negate().negate(), a);
}

TEST(BoolFnTest, CombineSimplifies) {
  BoolFn a = BoolFn::atom(1), b = BoolFn::atom(2);
  // a xor a == false; a and not a == false; a or not a == true.
  EXPECT_EQ(*BoolFn::combine(a, a, BoolFn::Op::Xor), BoolFn::constant(false));
  EXPECT_EQ(*BoolFn::combine(a, a.negate(), BoolFn::Op::And),
            BoolFn::constant(false));
  EXPECT_EQ(*BoolFn::combine(a, a.negate(), BoolFn::Op::Or),
            BoolFn::constant(true));
  // (a and b) or (a and not b) == a.
  BoolFn ab = *BoolFn::combine(a, b, BoolFn::Op::And);
  BoolFn anb = *BoolFn::combine(a, b.negate(), BoolFn::Op::And);
  EXPECT_EQ(*BoolFn::combine(ab, anb, BoolFn::Op::Or), a);
  // xor with true is negation.
  EXPECT_EQ(*BoolFn::combine(a, BoolFn::constant(true), BoolFn::Op::Xor),
            a.negate());
}

TEST(BoolFnTest, EvaluateUnderAssignment) {
  BoolFn a = BoolFn::atom(1), b = BoolFn::atom(2);
  BoolFn f = *BoolFn::combine(a, b, BoolFn::Op::Or);
  Assignment none;
  EXPECT_FALSE(f.evaluate(none));
  EXPECT_TRUE(f.pickUndecidedAtom(none).has_value());
  Assignment aTrue = {{1, true}};
  EXPECT_EQ(f.evaluate(aTrue), true);
  Assignment aFalse = {{1, false}};
  EXPECT_FALSE(f.evaluate(aFalse));
  EXPECT_EQ(f.pickUndecidedAtom(aFalse), 2u);
  Assignment both = {{1, false}, {2, false}};
  EXPECT_EQ(f.evaluate(both), false);
}

TEST(BoolFnTest, TooManyAtomsFails) {
  BoolFn f = BoolFn::atom(0);
  for (uint32_t i = 1; i < BoolFn::kMaxAtoms; ++i)
    f = *BoolFn::combine(f, BoolFn::atom(i), BoolFn::Op::Xor);
  EXPECT_FALSE(
      BoolFn::combine(f, BoolFn::atom(BoolFn::kMaxAtoms), BoolFn::Op::Xor));
}

TEST(BoolFnTest, RemapKeepsMeaning) {
  BoolFn a = BoolFn::atom(5), b = BoolFn::atom(9);
  BoolFn f = *BoolFn::combine(a, b.negate(), BoolFn::Op::And);
  // Swap the order of the atoms: 5 -> 1, 9 -> 0.
  BoolFn g = f.remap([](uint32_t x) { return x == 5 ? 1u : 0u; });
  BoolFn expected = *BoolFn::combine(BoolFn::atom(1), BoolFn::atom(0).negate(),
                                     BoolFn::Op::And);
  EXPECT_EQ(g, expected);
}

namespace {
/// The buffer a Ref or Select is under a full assignment.
uint32_t chosenBuffer(const AbsVal &v, const Assignment &assignment) {
  const AbsVal *node = &v;
  while (node->kind == AbsVal::Kind::Select)
    node = &node->choose(*node->boolValue.evaluate(assignment));
  return node->buffer;
}
} // namespace

TEST(SelectTest, NestedSelectOnSameConditionTakesDecidedArm) {
  BoolFn c = BoolFn::atom(0), d = BoolFn::atom(1);
  AbsVal r0 = AbsVal::getRef(0, false), r1 = AbsVal::getRef(1, false),
         r2 = AbsVal::getRef(2, false);
  // select(c, select(c, r0, r1), r2) is select(c, r0, r2), and so on for
  // the other arm and the negated condition: the value a loop carries as
  // `select %c, %iter, %new` does not grow.
  AbsVal inner = AbsVal::getSelect(c, r0, r1);
  EXPECT_EQ(AbsVal::getSelect(c, inner, r2), AbsVal::getSelect(c, r0, r2));
  EXPECT_EQ(AbsVal::getSelect(c, r2, inner), AbsVal::getSelect(c, r2, r1));
  EXPECT_EQ(AbsVal::getSelect(c.negate(), inner, r2),
            AbsVal::getSelect(c.negate(), r1, r2));
  EXPECT_EQ(AbsVal::getSelect(c.negate(), r2, inner),
            AbsVal::getSelect(c.negate(), r2, r0));
  EXPECT_EQ(AbsVal::getSelect(c, inner, inner), inner);
  AbsVal carried = r0;
  for (uint32_t i = 1; i < 100; ++i)
    carried = AbsVal::getSelect(c, carried, AbsVal::getRef(i, false));
  EXPECT_EQ(carried.getSize(), 3u);
  // A select on another condition stays, and every value keeps its meaning.
  AbsVal other = AbsVal::getSelect(d, r0, r1);
  AbsVal outer = AbsVal::getSelect(c, other, inner);
  EXPECT_EQ(outer.choose(true), other);
  for (bool cv : {false, true})
    for (bool dv : {false, true}) {
      Assignment a = {{0, cv}, {1, dv}};
      EXPECT_EQ(chosenBuffer(outer, a), cv ? (dv ? 0u : 1u) : 1u);
      EXPECT_EQ(chosenBuffer(AbsVal::getSelect(c, inner, r2), a), cv ? 0u : 2u);
    }
}
