//===- TransferArith.cpp - What arith ops do to a path --------------------===//
//
// Owns: ArithTransfer (see TransferArith.h).
// Must not touch: buffers or control flow.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/TransferArith.h"
#include "analyzer/explorer/FunctionExplorer.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

BoolFn ArithTransfer::compareAtom(PathState &s, Value lhs, Value rhs,
                                  arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  uint32_t ln = keyOf(s, lhs), rn = keyOf(s, rhs);
  uint8_t cls = 0;
  bool negate = false;
  switch (pred) {
  case P::eq:
  case P::ne:
    cls = 0;
    negate = pred == P::ne;
    if (ln > rn)
      std::swap(ln, rn);
    break;
  case P::slt:
  case P::sge:
    cls = 1;
    negate = pred == P::sge;
    break;
  case P::sgt:
  case P::sle:
    cls = 1;
    negate = pred == P::sle;
    std::swap(ln, rn);
    break;
  case P::ult:
  case P::uge:
    cls = 2;
    negate = pred == P::uge;
    break;
  case P::ugt:
  case P::ule:
    cls = 2;
    negate = pred == P::ule;
    std::swap(ln, rn);
    break;
  }
  uint32_t atom = ~0u;
  for (const CmpAtom &c : s.cmpAtoms)
    if (c.lhs == ln && c.rhs == rn && c.predicateClass == cls)
      atom = c.atom;
  if (atom == ~0u) {
    atom = s.freshAtom();
    s.cmpAtoms.push_back({ln, rn, cls, atom});
  }
  BoolFn fn = BoolFn::atom(atom);
  return negate ? fn.negate() : fn;
}

BoolFn ArithTransfer::equalsConstantAtom(PathState &s, Value value,
                                         int64_t constant) {
  uint32_t n = keyOf(s, value);
  for (const CmpAtom &c : s.cmpAtoms)
    if (c.lhs == n && c.predicateClass == CmpAtom::kEqualsConstant &&
        c.constant == constant)
      return BoolFn::atom(c.atom);
  uint32_t atom = s.freshAtom();
  s.cmpAtoms.push_back({n, n, CmpAtom::kEqualsConstant, atom, constant});
  return BoolFn::atom(atom);
}

bool ArithTransfer::step(PathState &s, Operation *op) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    Value result = constant.getResult();
    clear(s, result);
    if (auto intAttr = dyn_cast<IntegerAttr>(constant.getValue())) {
      if (result.getType().isInteger(1))
        set(s, result,
            AbsVal::getBool(BoolFn::constant(!intAttr.getValue().isZero())));
      else if (intAttr.getValue().getSignificantBits() <= 64)
        set(s, result, AbsVal::getInt(intAttr.getValue().getSExtValue()));
    }
    return true;
  }
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    if (!select.getCondition().getType().isInteger(1))
      return false; // vector select: generic
    BoolFn condition = getBool(s, select.getCondition());
    // Buffers (or selects of buffers) on a condition this path has not
    // decided: the result stays symbolic, so that the path splits only
    // where it matters, and a chain of selects is one tree, not a fork per
    // select.
    const AbsVal *t = get(s, select.getTrueValue());
    const AbsVal *f = get(s, select.getFalseValue());
    auto isBuffer = [](const AbsVal *v) {
      return v &&
             (v->kind == AbsVal::Kind::Ref || v->kind == AbsVal::Kind::Select);
    };
    if (isBuffer(t) && isBuffer(f) && !condition.evaluate(s.assignment) &&
        t->getSize() + f->getSize() < AbsVal::kMaxSelectSize) {
      AbsVal val = AbsVal::getSelect(condition.restrict(s.assignment), *t, *f);
      clear(s, select.getResult());
      set(s, select.getResult(), val);
      s.mayHaveSelect |= val.kind == AbsVal::Kind::Select;
      return true;
    }
    bool cond = decide(s, condition);
    Value chosen = cond ? select.getTrueValue() : select.getFalseValue();
    bindForwarded(s, ValueRange(chosen), ValueRange(select.getResult()));
    return true;
  }
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) &&
      op->getResult(0).getType().isInteger(1)) {
    BoolFn lhs = getBool(s, op->getOperand(0));
    BoolFn rhs = getBool(s, op->getOperand(1));
    BoolFn::Op kind = isa<arith::AndIOp>(op)  ? BoolFn::Op::And
                      : isa<arith::OrIOp>(op) ? BoolFn::Op::Or
                                              : BoolFn::Op::Xor;
    // Symbolic in the atoms (decided or not) when it fits, so that paths
    // that decided them differently still hold the same value.
    auto result = BoolFn::combine(lhs, rhs, kind);
    if (!result) {
      lhs = lhs.restrict(s.assignment);
      rhs = rhs.restrict(s.assignment);
      result = BoolFn::combine(lhs, rhs, kind);
    }
    if (!result) {
      // Too many atoms: keep the value when this path decides it, otherwise
      // split the path until it does.
      bool l = decide(s, lhs), r = decide(s, rhs);
      bool v = kind == BoolFn::Op::And  ? (l && r)
               : kind == BoolFn::Op::Or ? (l || r)
                                        : (l != r);
      result = BoolFn::constant(v);
    }
    clear(s, op->getResult(0));
    set(s, op->getResult(0), AbsVal::getBool(*result));
    return true;
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
    Value result = cmp.getResult();
    if (!result.getType().isInteger(1))
      return false;
    using P = arith::CmpIPredicate;
    P pred = cmp.getPredicate();
    const AbsVal *l = get(s, lhs), *r = get(s, rhs);
    // Pointer comparisons.
    if (l && r && l->kind == AbsVal::Kind::Ptr &&
        r->kind == AbsVal::Kind::Ptr && (pred == P::eq || pred == P::ne)) {
      uint32_t a = l->buffer, b = r->buffer;
      bool same = x.memory.decideAlias(s, a, b);
      clear(s, result);
      set(s, result,
          AbsVal::getBool(BoolFn::constant(same == (pred == P::eq))));
      return true;
    }
    // Flags: `eq` is not-xor, `ne` is xor, of their boolean functions.
    if (lhs.getType().isInteger(1) && (pred == P::eq || pred == P::ne)) {
      BoolFn a = getBool(s, lhs), b = getBool(s, rhs);
      auto fn = BoolFn::combine(a, b, BoolFn::Op::Xor);
      if (!fn)
        fn = BoolFn::combine(a.restrict(s.assignment), b.restrict(s.assignment),
                             BoolFn::Op::Xor);
      if (!fn)
        fn = BoolFn::constant(decide(s, a) != decide(s, b));
      clear(s, result);
      set(s, result, AbsVal::getBool(pred == P::ne ? *fn : fn->negate()));
      return true;
    }
    auto li = getInt(s, lhs), ri = getInt(s, rhs);
    if (li && ri) {
      unsigned width = isa<IndexType>(lhs.getType())
                           ? 64
                           : lhs.getType().getIntOrFloatBitWidth();
      APInt a(width, *li, true), b(width, *ri, true);
      bool v = arith::applyCmpPredicate(pred, a, b);
      clear(s, result);
      set(s, result, AbsVal::getBool(BoolFn::constant(v)));
      return true;
    }
    if (lhs == rhs) {
      bool v = pred == P::eq || pred == P::sle || pred == P::sge ||
               pred == P::ule || pred == P::uge;
      clear(s, result);
      set(s, result, AbsVal::getBool(BoolFn::constant(v)));
      return true;
    }
    // One side known: `eq` and `ne` share the atoms of cf.switch cases.
    if ((li || ri) && (pred == P::eq || pred == P::ne) &&
        !lhs.getType().isInteger(1)) {
      BoolFn fn = li ? equalsConstantAtom(s, rhs, *li)
                     : equalsConstantAtom(s, lhs, *ri);
      clear(s, result);
      set(s, result, AbsVal::getBool(pred == P::eq ? fn : fn.negate()));
      return true;
    }
    // Unknown integers: correlated atoms per (class, operands).
    BoolFn fn = compareAtom(s, lhs, rhs, pred);
    clear(s, result);
    set(s, result, AbsVal::getBool(fn));
    return true;
  }
  if (isa<arith::ExtUIOp, arith::ExtSIOp>(op) &&
      op->getOperand(0).getType().isInteger(1)) {
    // An integer made from a flag (a cf.switch selector, say): the path
    // decides the flag, so that the integer and the flag stay correlated.
    bool flag = decide(s, getBool(s, op->getOperand(0)));
    clear(s, op->getResult(0));
    set(s, op->getResult(0),
        AbsVal::getInt(!flag                     ? 0
                       : isa<arith::ExtUIOp>(op) ? 1
                                                 : -1));
    return true;
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op)) {
    if (const AbsVal *val = get(s, op->getOperand(0)))
      if (val->kind == AbsVal::Kind::Ptr) {
        AbsVal copy = *val;
        clear(s, op->getResult(0));
        set(s, op->getResult(0), copy);
        return true;
      }
  }
  // Constant folding of pure integer arithmetic.
  if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()) && isPure(op) &&
      op->getNumResults() == 1 &&
      isa<IntegerType, IndexType>(op->getResult(0).getType())) {
    SmallVector<Attribute> attrs = getOperandAttrs(s, op);
    Value result = op->getResult(0);
    if (llvm::all_of(attrs, [](Attribute a) { return a; })) {
      SmallVector<OpFoldResult> folded;
      if (succeeded(op->fold(attrs, folded)) && folded.size() == 1)
        if (auto attr =
                dyn_cast_or_null<IntegerAttr>(dyn_cast<Attribute>(folded[0]))) {
          clear(s, result);
          if (result.getType().isInteger(1))
            set(s, result,
                AbsVal::getBool(BoolFn::constant(!attr.getValue().isZero())));
          else if (attr.getValue().getSignificantBits() <= 64)
            set(s, result, AbsVal::getInt(attr.getValue().getSExtValue()));
          return true;
        }
    }
    setUnknown(s, result);
    return true;
  }
  return false;
}
