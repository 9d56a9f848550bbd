//===- Witness.h - The witness path of a finding ----------------*- C++ -*-===//
//
// Owns: turning the trace of the path that reached a bug into the witness a
// reviewer reads: in path order, each loop entry with its iteration, each
// call paired with its return, and only the control flow that decides the
// buffer's fate (the rest is pruned, as the Clang Static Analyzer's bug
// reporter visitors do).
// Must not touch: path states (it reads one trace) or the exploration.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_WITNESS_H
#define MEMLINT_ANALYZER_EXPLORER_WITNESS_H

#include "analyzer/AbstractState.h"
#include "analyzer/AliasClasses.h"
#include "analyzer/LifetimeAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>

namespace memlint::explorer {

/// What a witness is about: the buffer's allocation site, the op of the bug
/// and the op the finding relates it to (the earlier free, the point where
/// the last reference is lost), plus the values the bug concerns.
struct WitnessSubject {
  mlir::Operation *site = nullptr;
  mlir::Operation *bugOp = nullptr;
  mlir::Operation *relatedOp = nullptr;
  mlir::Value buffer, alias;
};

/// Builds witnesses; caches what it learns of each function's ops (which of
/// them decide a buffer's fate).
class WitnessBuilder {
public:
  /// The most steps of a trace looked at (the most recent ones), and the
  /// most notes a witness keeps.
  static constexpr size_t kMaxTraceSteps = 20000;
  static constexpr size_t kMaxWitnessSteps = 64;

  /// The witness of `subject` on the path whose most recent trace step is
  /// `last`. `crossedMerge` is set when the part of the path the witness
  /// shows crossed a merge of paths (its decisions before the merge may
  /// belong to another path). `branches` receives every branch decision
  /// of the path since the allocation, pruned or not (the latest of each,
  /// in path order), where fix-its look for the branch that leaks.
  std::vector<WitnessStep> build(const TraceStep *last,
                                 const WitnessSubject &subject,
                                 bool &crossedMerge,
                                 std::vector<WitnessStep> &branches);

private:
  /// The ops of `function` that can change the fate of the subject's
  /// buffer: frees of a value of its alias classes, the terminators and
  /// selects that forward one (they decide which buffer a merged value
  /// holds), and the ops its memory escapes to (a call may free it). In a
  /// function that holds none of the subject's values: those of every class
  /// with memory from elsewhere (arguments, call results).
  const llvm::SmallPtrSetImpl<mlir::Operation *> &
  getFateOps(mlir::Operation *function, const WitnessSubject &subject);
  /// True when the control flow at `op` (a loop, a region op or a branch
  /// terminator) can change the fate: what it runs or skips holds a fate
  /// op of its function or an op of `executed`.
  bool decides(mlir::Operation *op,
               llvm::ArrayRef<mlir::Operation *> executed,
               const WitnessSubject &subject);

  /// The function `op` is in (itself for a function), memoized: witnesses
  /// of IR nested 1,000 levels deep ask it for every op of the path (seed
  /// 4705 of the mutation fuzzer spent 10 s walking parents).
  mlir::Operation *getFunction(mlir::Operation *op);

  /// Per function, what the fate ops and the executed ops of the witness
  /// being built are nested in (see decides).
  struct Reach {
    llvm::SmallPtrSet<mlir::Operation *, 32> ancestors;
    llvm::SmallPtrSet<mlir::Block *, 32> blocks;
  };
  llvm::DenseMap<mlir::Operation *, Reach> reach;
  llvm::DenseMap<mlir::Operation *, mlir::Operation *> functions;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<AliasClasses>> classes;
  llvm::DenseMap<std::pair<mlir::Operation *, mlir::Operation *>,
                 llvm::SmallPtrSet<mlir::Operation *, 16>>
      fateOps;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_WITNESS_H
