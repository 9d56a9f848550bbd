//===- ExplorerPart.h - What the parts of one exploration share -*- C++ -*-===//
//
// The exploration of one root function (FunctionExplorer) is made of parts,
// each with one job, as the Clang Static Analyzer splits its engine:
//
//   engine      FunctionExplorer (the run loop and the op dispatch),
//               PathWorklist (which path runs next), JoinPolicy (pruning,
//               widening, merging and covering at join points),
//               ExplorationBudget (steps, time, memory);
//   state       StateCanonicalizer and LivenessOracle (dead values out,
//               buffers and atoms renumbered), StateMerge (merging two
//               states over a boolean);
//   transfer    ArithTransfer, MemoryTransfer, ControlTransfer,
//               LoopTransfer, CallTransfer (what an op does to a path);
//   events      EventRecorder (findings, witnesses and the witness search),
//               Trace (MEMLINT_TRACE printing).
//
// Owns: ExplorationSetup (what an exploration reads and writes outside
// itself) and ExplorerPart, the base of the parts: their access to the
// setup, the value operations every transfer function uses (binding,
// reading and deciding values of a path) and the engine's services every
// part may call (queue a path, join, stop at a bound, canonicalize, report
// an event, end a path). A part calls a transfer part by name
// (`x.memory.checkUse(...)`), so that what it uses of the others shows.
// Must not touch: any part's own tables.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_EXPLORERPART_H
#define MEMLINT_ANALYZER_EXPLORER_EXPLORERPART_H

#include "analyzer/AbstractState.h"
#include "analyzer/LifetimeAnalysis.h"
#include "analyzer/explorer/ModuleContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <map>
#include <optional>
#include <vector>

namespace memlint::explorer {

/// Key of an event, for deduplication: one event per kind and primary op.
struct EventKey {
  LifetimeEventKind kind;
  mlir::Operation *op;
  bool operator<(const EventKey &o) const {
    return std::tie(kind, op) < std::tie(o.kind, o.op);
  }
};

/// The shape fingerprint a waiting path is registered under.
using Shape = std::pair<uint64_t, uint64_t>;

/// What the exploration of one root function reads and writes outside
/// itself.
struct ExplorationSetup {
  ModuleContext &ctx;
  mlir::FunctionOpInterface root;
  const AnalysisOptions &options;
  /// The events of the whole module so far, and their ids by key.
  std::vector<LifetimeEvent> &events;
  std::map<EventKey, uint32_t> &eventIds;
  /// Functions this exploration entered (the root and inlined callees).
  llvm::DenseSet<mlir::Operation *> &reachedFunctions;
  AnalysisStats &stats;
  /// Summaries of recursive functions, for calls not explored in place.
  const llvm::DenseMap<mlir::Operation *, FunctionSummary> &summaries;
  /// When set, the exploration computes the root's summary and reports
  /// nothing.
  FunctionSummary *summaryOut;
};

class FunctionExplorer;

/// The base of the parts of one exploration.
class ExplorerPart {
protected:
  explicit ExplorerPart(FunctionExplorer &x);

  FunctionExplorer &x;
  ExplorationSetup &setup;
  ModuleContext &ctx;
  const AnalysisOptions &options;

  //===--------------------------------------------------------------------===//
  // Values of a path
  //===--------------------------------------------------------------------===//

  /// The key of `v` in the environment of `s`: its number, plus, while a
  /// recursive call is explored in place, numValues() times the activation
  /// of its function it belongs to (the innermost: the frames of one
  /// function bind the same values, each its own).
  uint32_t keyOf(const PathState &s, mlir::Value v) {
    uint32_t n = ctx.number(v);
    return s.recursiveFrames ? n + ctx.numValues() * activationOf(s, v) : n;
  }
  unsigned activationOf(const PathState &s, mlir::Value v);
  const AbsVal *get(PathState &s, mlir::Value v) {
    return s.lookup(keyOf(s, v));
  }
  void set(PathState &s, mlir::Value v, const AbsVal &val) {
    s.bind(keyOf(s, v), val);
  }
  /// Forgets `v` (it is being redefined to something unknown).
  void clear(PathState &s, mlir::Value v) {
    uint32_t n = keyOf(s, v);
    s.unbind(n);
    llvm::erase_if(s.cmpAtoms,
                   [n](const CmpAtom &c) { return c.lhs == n || c.rhs == n; });
  }
  /// Binds an unknown result: i1 values get a fresh atom so that later tests
  /// of the same value are correlated.
  void setUnknown(PathState &s, mlir::Value v) {
    clear(s, v);
    if (v.getType().isInteger(1))
      set(s, v, AbsVal::getBool(BoolFn::atom(s.freshAtom())));
  }
  std::optional<int64_t> getInt(PathState &s, mlir::Value v) {
    if (const AbsVal *val = get(s, v)) {
      if (val->kind == AbsVal::Kind::Int)
        return val->intValue;
      if (val->kind == AbsVal::Kind::Bool)
        if (auto c = val->boolValue.evaluate(s.assignment))
          return *c ? 1 : 0;
    }
    return std::nullopt;
  }
  std::optional<int64_t> getInt(PathState &s, mlir::OpFoldResult ofr) {
    if (auto attr = mlir::dyn_cast<mlir::Attribute>(ofr)) {
      if (auto intAttr = mlir::dyn_cast<mlir::IntegerAttr>(attr))
        return intAttr.getValue().getSExtValue();
      return std::nullopt;
    }
    return getInt(s, mlir::cast<mlir::Value>(ofr));
  }
  /// Returns the boolean function of an i1 value, creating an atom for it if
  /// it is unknown.
  BoolFn getBool(PathState &s, mlir::Value v);
  /// Decides `fn` on this path. When it is undecided, the path forks: a copy
  /// that assumes the atom false is queued to re-run the current op, and `s`
  /// continues with the atom true.
  /// With `prefer`, `s` continues with the value of the atom that makes
  /// `fn` equal `prefer` when one does (the other path waits).
  bool decide(PathState &s, const BoolFn &fn,
              std::optional<bool> prefer = std::nullopt);
  /// Operands as attributes for interface queries (null when unknown).
  llvm::SmallVector<mlir::Attribute> getOperandAttrs(PathState &s,
                                                     mlir::Operation *op);
  /// Forks on the first undecided i1 operand of `op`; returns false when all
  /// i1 operands are decided.
  bool decideSomeOperand(PathState &s, mlir::Operation *op);
  /// Binds `to[i]` to the value of `from[i]` (unknown past the end of
  /// `from`).
  void bindForwarded(PathState &s, mlir::ValueRange from, mlir::ValueRange to);
  /// bindForwarded in two steps, for an edge between frames: the values of
  /// `from` (read in the frame left), then bound to `to` (in the frame
  /// entered).
  llvm::SmallVector<std::optional<AbsVal>> readForwarded(PathState &s,
                                                         mlir::ValueRange from);
  void bindRead(PathState &s, llvm::ArrayRef<std::optional<AbsVal>> vals,
                mlir::ValueRange to);

  //===--------------------------------------------------------------------===//
  // The engine's services (FunctionExplorer.h defines them)
  //===--------------------------------------------------------------------===//

  /// PathWorklist: queues a path.
  void push(PathState &&s, std::optional<Shape> shape = {});
  /// JoinPolicy: queues a path arriving at `pc`, merged or pruned.
  void join(PathState &&s, mlir::Operation *pc);
  /// ExplorationBudget: records that the exploration reached a bound.
  void stop(AnalysisBound reached, mlir::Operation *where, double limit,
            llvm::StringRef reason);
  /// StateCanonicalizer.
  void canonicalize(PathState &s);
  /// EventRecorder: reports an event of buffer `bufferId` on this path.
  void report(PathState &s, LifetimeEvent event, uint32_t bufferId);
  /// The engine: a path that left the root function.
  void finishPath(PathState &s, mlir::Operation *exitOp);
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_EXPLORERPART_H
