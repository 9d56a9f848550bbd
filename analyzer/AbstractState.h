//===- AbstractState.h - Path states of the lifetime exploration -*- C++ -*-===//
//
// The abstract domain of the path-sensitive lifetime exploration: boolean
// functions over condition atoms, abstract SSA values, buffer records and the
// state of one program path. States are plain values: copying a state forks a
// path, and two canonical states compare equal when they are interchangeable
// for the rest of the exploration (this is what lets equal paths merge).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_ABSTRACTSTATE_H
#define MEMLINT_ANALYZER_ABSTRACTSTATE_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace memlint {

//===----------------------------------------------------------------------===//
// BoolFn
//===----------------------------------------------------------------------===//

/// A partial assignment of condition atoms, sorted by atom id.
using Assignment = llvm::SmallVector<std::pair<uint32_t, bool>, 4>;

/// Returns the value of `atom` in `assignment`, if it is assigned.
std::optional<bool> lookupAtom(const Assignment &assignment, uint32_t atom);

/// A boolean function of at most `kMaxAtoms` condition atoms, stored as a
/// truth table. Atoms are opaque `i1` values the analysis cannot decide (a
/// function argument, a loaded flag, a comparison of unknown integers). The
/// representation is canonical: atoms are sorted and every atom is relevant,
/// so equal functions compare equal.
class BoolFn {
public:
  static constexpr unsigned kMaxAtoms = 6;

  static BoolFn constant(bool value);
  static BoolFn atom(uint32_t atom);

  /// Returns the constant value when the function does not depend on atoms.
  std::optional<bool> getConstant() const;
  BoolFn negate() const;

  enum class Op { And, Or, Xor };
  /// Combines two functions; fails when the result needs too many atoms.
  static std::optional<BoolFn> combine(const BoolFn &lhs, const BoolFn &rhs,
                                       Op op);

  /// Evaluates the function under a partial assignment; nullopt when the
  /// result still depends on an unassigned atom.
  std::optional<bool> evaluate(const Assignment &assignment) const;
  /// Substitutes the assigned atoms by their values.
  BoolFn restrict(const Assignment &assignment) const;
  /// Returns an unassigned atom the function depends on under `assignment`.
  std::optional<uint32_t> pickUndecidedAtom(const Assignment &assignment) const;

  /// Renames atoms through `rename` (old id -> new id) and re-canonicalizes.
  template <typename Fn> BoolFn remap(Fn rename) const {
    llvm::SmallVector<uint32_t, kMaxAtoms> newIds;
    for (uint32_t a : atoms)
      newIds.push_back(rename(a));
    return fromPermutedAtoms(newIds);
  }

  llvm::ArrayRef<uint32_t> getAtoms() const { return atoms; }
  /// The truth table: bit m is the value when atom i is bit i of m.
  uint64_t getTable() const { return table; }
  bool operator==(const BoolFn &other) const {
    return table == other.table && atoms == other.atoms;
  }
  bool operator!=(const BoolFn &other) const { return !(*this == other); }
  llvm::hash_code hash() const;

private:
  uint64_t fullMask() const;
  bool bit(uint64_t minterm) const { return (table >> minterm) & 1; }
  /// Drops atoms the table does not depend on.
  void simplify();
  BoolFn fromPermutedAtoms(llvm::ArrayRef<uint32_t> newIds) const;

  llvm::SmallVector<uint32_t, 2> atoms;
  uint64_t table = 0;
};

//===----------------------------------------------------------------------===//
// AbsVal
//===----------------------------------------------------------------------===//

struct SelectArms;

/// The abstract value of one SSA value on one path. Values the analysis knows
/// nothing about are simply absent from the environment.
struct AbsVal {
  enum class Kind : uint8_t {
    Int,  ///< a known integer or index
    Bool, ///< an i1 as a function of condition atoms
    Ref,  ///< a memref (or pointer) into buffer `buffer`
    Ptr,  ///< the integer address of buffer `buffer`
    /// The value `arms->whenTrue` when `boolValue` holds, `arms->whenFalse`
    /// otherwise, each a Ref or again a Select: `arith.select` (chains of
    /// them) of buffers on conditions the path has not decided. Nodes are
    /// shared (a DAG: one node per select executed), so a chain of N
    /// selects costs N nodes. It stays symbolic while it only flows or is
    /// read and written; a use that depends on which buffer it is decides
    /// the conditions first, one path per leaf it can reach (see
    /// MemoryTransfer::concretizeSelects).
    Select,
  };
  /// Selects larger than this (counting shared nodes once per use) are not
  /// built: the path decides the condition instead.
  static constexpr unsigned kMaxSelectSize = 1u << 16;

  Kind kind = Kind::Int;
  /// For Ref: the value may point into the middle of its buffer (a subview).
  bool interior = false;
  uint32_t buffer = 0;
  int64_t intValue = 0;
  BoolFn boolValue;
  /// For Select: the two values (shared, never modified).
  std::shared_ptr<const SelectArms> arms;

  static AbsVal getInt(int64_t value);
  static AbsVal getBool(BoolFn value);
  static AbsVal getRef(uint32_t buffer, bool interior);
  static AbsVal getPtr(uint32_t buffer);
  /// `whenTrue` when `condition` holds, else `whenFalse` (each a Ref or a
  /// Select); one of them when the condition is constant or both are equal.
  /// An arm that is a Select on `condition` (or its negation) is replaced by
  /// the arm `condition` decides there, so that re-selecting on the same
  /// condition (a loop carrying `select %c, %iter, %new`) does not grow it.
  static AbsVal getSelect(BoolFn condition, const AbsVal &whenTrue,
                          const AbsVal &whenFalse);
  /// The value a Select is under the given value of its condition (a Ref or
  /// a Select).
  const AbsVal &choose(bool condition) const;
  /// The size of a Ref (1) or Select (its nodes and leaves, shared ones
  /// counted once per use, at most kMaxSelectSize + 1).
  unsigned getSize() const;
  /// Calls `fn` on each Ref a Ref or Select may be (in a fixed order; a
  /// Ref reachable through several nodes may be visited more than once).
  template <typename Fn> void forEachLeaf(Fn fn) const;
  /// The Ref or Select with each Ref replaced by `fn(ref)` (a Ref).
  template <typename Fn> AbsVal mapLeaves(Fn fn) const;
  /// Calls `fn` on the condition of each Select node.
  template <typename Fn> void forEachCondition(Fn fn) const;
  /// The value with the condition `c` of each Select node replaced by
  /// `fn(c)`; nodes whose new condition is constant collapse.
  template <typename Fn> AbsVal mapConditions(Fn fn) const;

  bool operator==(const AbsVal &other) const;
  bool operator!=(const AbsVal &other) const { return !(*this == other); }
  llvm::hash_code hash() const;

private:
  static bool sameArms(const std::shared_ptr<const SelectArms> &a,
                       const std::shared_ptr<const SelectArms> &b);
  /// The walks, each node once (memo by node).
  template <typename Fn>
  void walkNodes(llvm::SmallPtrSetImpl<const SelectArms *> &seen,
                 Fn fn) const;
  template <typename Fn>
  AbsVal rebuild(llvm::DenseMap<const SelectArms *, AbsVal> &memo,
                 Fn fn) const;
};

/// The two values of a Select node.
struct SelectArms {
  AbsVal whenTrue, whenFalse;
  unsigned size;
  /// Of the whole node (its arms, recursively), computed once.
  size_t hash;
};

template <typename Fn>
void AbsVal::walkNodes(llvm::SmallPtrSetImpl<const SelectArms *> &seen,
                       Fn fn) const {
  fn(*this);
  if (kind != Kind::Select || !seen.insert(arms.get()).second)
    return;
  arms->whenTrue.walkNodes(seen, fn);
  arms->whenFalse.walkNodes(seen, fn);
}

template <typename Fn> void AbsVal::forEachLeaf(Fn fn) const {
  if (kind != Kind::Select) {
    fn(*this);
    return;
  }
  llvm::SmallPtrSet<const SelectArms *, 16> seen;
  walkNodes(seen, [&](const AbsVal &v) {
    if (v.kind != Kind::Select)
      fn(v);
  });
}

template <typename Fn> void AbsVal::forEachCondition(Fn fn) const {
  if (kind != Kind::Select)
    return;
  llvm::SmallPtrSet<const SelectArms *, 16> seen;
  walkNodes(seen, [&](const AbsVal &v) {
    if (v.kind == Kind::Select)
      fn(v.boolValue);
  });
}

/// `fn(node)` returns the node rebuilt from its condition and its arms
/// already rebuilt (a Ref for a Ref).
template <typename Fn>
AbsVal AbsVal::rebuild(llvm::DenseMap<const SelectArms *, AbsVal> &memo,
                       Fn fn) const {
  if (kind != Kind::Select)
    return fn(*this, nullptr, nullptr);
  auto it = memo.find(arms.get());
  if (it != memo.end())
    return it->second;
  AbsVal t = arms->whenTrue.rebuild(memo, fn);
  AbsVal f = arms->whenFalse.rebuild(memo, fn);
  AbsVal result = fn(*this, &t, &f);
  memo.try_emplace(arms.get(), result);
  return result;
}

template <typename Fn> AbsVal AbsVal::mapLeaves(Fn fn) const {
  llvm::DenseMap<const SelectArms *, AbsVal> memo;
  return rebuild(memo, [&](const AbsVal &v, const AbsVal *t,
                           const AbsVal *f) -> AbsVal {
    if (!t)
      return fn(v);
    return getSelect(v.boolValue, *t, *f);
  });
}

template <typename Fn> AbsVal AbsVal::mapConditions(Fn fn) const {
  if (kind != Kind::Select)
    return *this;
  llvm::DenseMap<const SelectArms *, AbsVal> memo;
  return rebuild(memo, [&](const AbsVal &v, const AbsVal *t,
                           const AbsVal *f) -> AbsVal {
    if (!t)
      return v;
    return getSelect(fn(v.boolValue), *t, *f);
  });
}

//===----------------------------------------------------------------------===//
// BufferRecord
//===----------------------------------------------------------------------===//

/// Where the memory a buffer record describes comes from.
enum class BufferOrigin : uint8_t {
  Heap,     ///< owned heap allocation (memref.alloc, clone, gpu.alloc, ...)
  Stack,    ///< memref.alloca
  Global,   ///< memref.get_global
  Argument, ///< a function argument of the analysed root function
  NotOwned, ///< memory the function does not own (bufferization.to_buffer)
};

/// Which family of deallocation functions may free a heap buffer.
enum class Deallocator : uint8_t { Memref, Gpu, LibC };

/// One buffer instance on one path.
struct BufferRecord {
  BufferOrigin origin = BufferOrigin::Heap;
  Deallocator deallocator = Deallocator::Memref;
  /// The allocating op (null for arguments).
  mlir::Operation *site = nullptr;
  /// Where a leak of this buffer is reported: the allocation, or the call
  /// that returned the buffer to the function that leaks it.
  mlir::Operation *leakSite = nullptr;
  /// The SSA value the buffer was created as (alloc result or argument).
  mlir::Value root;
  bool freed = false;
  bool escaped = false;
  /// The leak of this instance has been reported already.
  bool leakReported = false;
  /// The op that freed the buffer (for notes; not part of the identity).
  mlir::Operation *freeSite = nullptr;
  /// Known cell contents by linear index, sorted; absent cells are unknown.
  llvm::SmallVector<std::pair<int64_t, AbsVal>, 2> contents;

  bool sameIdentity(const BufferRecord &other) const;
};

//===----------------------------------------------------------------------===//
// PathState
//===----------------------------------------------------------------------===//

/// One step of a witness path, kept as a persistent list shared by forks.
struct TraceStep {
  /// Merge: the path was merged with another one here (the steps before it
  /// may belong to either).
  enum class Kind : uint8_t {
    Alloc,
    Free,
    Branch,
    Call,
    Return,
    Iteration,
    Merge
  };
  Kind kind;
  mlir::Operation *op;
  /// Branch: index of the successor taken (block or region index; -1 for
  /// the parent op). Iteration: 1 entering the body, 0 leaving the loop.
  int successor = 0;
  /// Alloc and Free: the allocation site of the buffer concerned.
  mlir::Operation *site = nullptr;
  std::shared_ptr<const TraceStep> prev;
};

/// A comparison of two integers the analysis cannot decide, remembered so that
/// `cmpi eq %a, %b` and `cmpi ne %a, %b` give correlated atoms. Class
/// kEqualsConstant compares `lhs` (== `rhs`) with `constant`: the cases of a
/// `cf.switch` and `cmpi eq %a, %c3`.
struct CmpAtom {
  static constexpr uint8_t kEqualsConstant = 3;
  uint32_t lhs, rhs; ///< value numbers
  uint8_t predicateClass;
  uint32_t atom;
  int64_t constant = 0;
  bool operator==(const CmpAtom &o) const {
    return lhs == o.lhs && rhs == o.rhs && predicateClass == o.predicateClass &&
           atom == o.atom && constant == o.constant;
  }
};

/// The state of one path at one program point.
struct PathState {
  /// The next operation to execute.
  mlir::Operation *pc = nullptr;
  /// Call ops of the inlined frames, innermost last.
  llvm::SmallVector<mlir::Operation *, 2> callStack;
  /// How many of those frames run a function that an outer frame runs too
  /// (a recursive call explored in place). While there are any, a value
  /// is keyed by its number and the activation of its function it belongs
  /// to (see ExplorerPart::keyOf); derived from `callStack`.
  uint8_t recursiveFrames = 0;
  /// Abstract values by value number, sorted.
  llvm::SmallVector<std::pair<uint32_t, AbsVal>, 16> env;
  llvm::SmallVector<BufferRecord, 8> buffers;
  Assignment assignment;
  /// Atoms standing for "buffer a and buffer b are the same memory" for
  /// buffers whose identity is unknown (arguments): (a, b, atom), a < b.
  llvm::SmallVector<std::tuple<uint32_t, uint32_t, uint32_t>, 2> aliasAtoms;
  llvm::SmallVector<CmpAtom, 2> cmpAtoms;
  uint32_t nextAtom = 0;

  // Not part of the identity of the state.
  std::shared_ptr<const TraceStep> trace;
  /// Incremented on both sides of every fork and on merges: a path that kept
  /// the same count between two points ran deterministically between them.
  uint32_t forks = 0;
  /// The state at the head of the current iteration of the loops being
  /// unrolled exactly, without the induction variable (see
  /// LoopTransfer::leaveConvergedLoop: a loop whose iteration leaves the state
  /// unchanged has reached its fixpoint).
  struct IterationMark {
    mlir::Operation *loop;
    int64_t inductionValue;
    std::pair<uint64_t, uint64_t> print;
    uint32_t forks;
  };
  llvm::SmallVector<IterationMark, 1> iterationMarks;
  /// Ids of the events this path has hit (sorted).
  llvm::SmallVector<uint32_t, 2> hits;
  /// False when no value of the environment is a Select (set when one is
  /// bound, recomputed by canonicalization).
  bool mayHaveSelect = false;

  const AbsVal *lookup(uint32_t valueNumber) const;
  void bind(uint32_t valueNumber, const AbsVal &value);
  void unbind(uint32_t valueNumber);

  uint32_t freshAtom() { return nextAtom++; }
  void assume(uint32_t atom, bool value);

  void addTrace(TraceStep::Kind kind, mlir::Operation *op, int successor = 0,
                mlir::Operation *site = nullptr);
  void addHit(uint32_t eventId);

  /// Equality of everything that matters for the rest of the path.
  bool sameIdentity(const PathState &other) const;
  /// A 128-bit fingerprint of everything `sameIdentity` compares: states
  /// with equal fingerprints are taken as equal (hash compaction, as in
  /// explicit-state model checkers; a collision can only drop a path).
  std::pair<uint64_t, uint64_t> fingerprint() const;
  /// The fingerprint without the boolean values of the environment and the
  /// values (not the atoms) of the assumptions: states with equal shapes
  /// differ at most in those, and may merge exactly.
  std::pair<uint64_t, uint64_t> shapeFingerprint() const;
  /// The fingerprint without the assumptions: states with equal cover
  /// fingerprints differ at most in what they assume, and one with a subset
  /// of the other's assumptions covers it.
  std::pair<uint64_t, uint64_t> coverFingerprint() const;
  /// True when `other` differs from this state at most in the boolean values
  /// of the environment and the values of assumed atoms.
  bool sameShape(const PathState &other) const;
  /// The bytes this state holds, roughly (its own vectors, not the trace it
  /// shares with other paths): what the explorer's memory bound counts.
  size_t approximateBytes() const;

  /// The three fingerprints, computed in one pass over the state.
  struct Fingerprints {
    std::pair<uint64_t, uint64_t> full, shape, cover;
  };
  Fingerprints fingerprints() const;
};

} // namespace memlint

#endif // MEMLINT_ANALYZER_ABSTRACTSTATE_H
