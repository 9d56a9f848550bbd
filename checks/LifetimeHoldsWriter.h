//===- LifetimeHoldsWriter.h - i1 values of what a value holds --*- C++ -*-===//
//
// Writes, as lines of `arith.select`, the `i1` values that say which buffer
// a value holds, from the conditions of the selects and `scf.if`s that
// choose it: the `retain` of ownership-based deallocation, for the guards of
// a returned value (LifetimeReturnedFixes.cpp), and the ownership flag of
// what a branch of a chain of blocks hands on in part
// (LifetimeChainFlagFixes.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEHOLDSWRITER_H
#define MEMLINT_CHECKS_LIFETIMEHOLDSWRITER_H

#include "analyzer/SourceInfo.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace memlint {

/// Writes `i1` values that say whether a value holds a buffer, as lines of
/// `arith.select` (and `arith.constant`) on the conditions of the selects
/// and `scf.if`s that choose it, for a point `at` they all dominate.
class HoldsWriter {
public:
  HoldsWriter(const SourceInfo &source, mlir::Operation *at,
              std::string prefix);

  /// Names `yes` and `no` (defined where `at` sees them) as the constants
  /// true and false: no line of its own then.
  void setConstants(std::string yes, std::string no) {
    this->yes = std::move(yes);
    this->no = std::move(no);
  }

  /// Takes the result of a call handed no memref for memory of the callee's
  /// (or a global), as an allocation: never an owner of `holds` and `owned`
  /// other than itself. For the flags of a chain of blocks, whose owners are
  /// the buffer and the arguments that hold it; not where the owner may be
  /// the call's result under another name (what a function returns).
  void setFreshCalls() { freshCalls = true; }

  /// The name of an `i1` that is true exactly when `value` holds `root`;
  /// nothing when a value on the way is not a select, an `scf.if` result, a
  /// view, an allocation (or, with setFreshCalls, a call handed no memref)
  /// or an argument of the function (bounded depth).
  std::optional<std::string> holds(mlir::Value value, mlir::Value root);
  /// The name of an `i1` that is true exactly when `value` holds one of
  /// the owners of `flags` and that owner's flag (a name, or constant())
  /// is true: `flags` are the leaves where the walk of holds stops. The
  /// owners met are added to `used`.
  std::optional<std::string>
  owned(mlir::Value value,
        const llvm::DenseMap<mlir::Value, std::string> &flags,
        llvm::SmallPtrSetImpl<mlir::Value> *used = nullptr);

  /// `a and b`, `a or b`, `a and not b` on names this writer gave.
  std::optional<std::string> both(const std::string &a, const std::string &b) {
    return choose(a, b, constant(false));
  }
  std::optional<std::string> either(const std::string &a,
                                    const std::string &b) {
    return choose(a, constant(true), b);
  }
  std::optional<std::string> unless(const std::string &a,
                                    const std::string &b) {
    return choose(b, constant(false), a);
  }

  /// The name that stands for the constant `value` (not written as a line
  /// unless a select needs it).
  static std::string constant(bool value) { return value ? "1" : "0"; }
  /// Whether `name` is the constant `value`.
  static bool isConstant(const std::string &name, bool value) {
    return name == constant(value);
  }
  /// The lines written so far.
  const std::string &getLines() const { return lines; }

private:
  /// The SSA name of `name`: a constant gets its line the first time.
  std::string materialize(const std::string &name);
  std::optional<std::string> select(mlir::Value condition, const std::string &t,
                                    const std::string &f);
  /// `c ? t : f` on names.
  std::optional<std::string> choose(const std::string &c, const std::string &t,
                                    const std::string &f);

  const SourceInfo &source;
  mlir::Operation *at;
  mlir::DominanceInfo dominance;
  std::string prefix, yes, no, lines;
  /// The selects written, by condition and operands.
  std::map<std::tuple<std::string, std::string, std::string>, std::string>
      written;
  unsigned counter = 0;
  bool freshCalls = false;
};

/// The operand of the edge `k` of the branch `terminator` that holds
/// `argument` on some of its paths only (through the selects, `scf.if`
/// results and views HoldsWriter follows); null when none does.
mlir::Value getHandedInPart(const SourceInfo &source,
                            mlir::Operation *terminator, unsigned k,
                            mlir::Value argument);

/// The ownership flag of `passed`, which an edge hands on and which holds
/// `root` (flag `yes`) or one of the flagged arguments of `flagOf` on some
/// paths, under the conditions of the selects and `scf.if`s that choose it
/// (lines of `writer`): as ownership-based deallocation passes a select's
/// ownership, a select of the ownerships of its sides. Nothing when it may
/// hold anything else, or an owner already in `owners` (one owner handed to
/// two arguments), which gets the owners it may hold.
std::optional<std::string>
getHeldFlag(HoldsWriter &writer, mlir::Value passed, mlir::Value root,
            const llvm::DenseMap<mlir::Value, std::string> &flagOf,
            llvm::StringRef yes, llvm::StringRef no,
            llvm::SmallPtrSetImpl<void *> &owners);

/// The flag under which the edge `k` of `terminator` frees `argument`,
/// whose ownership flag is `flag`, when it drops it: `flag`, and not
/// whether the operand that hands it on in part (getHandedInPart) holds it
/// (lines of `writer`). Nothing when that cannot be written.
std::optional<std::string> getDroppedFlag(HoldsWriter &writer,
                                          const SourceInfo &source,
                                          mlir::Operation *terminator,
                                          unsigned k, mlir::Value argument,
                                          const std::string &flag);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEHOLDSWRITER_H
