//===- LifetimeAnalysis.h - Path-sensitive buffer lifetimes -----*- C++ -*-===//
//
// The lifetime analysis explores every function of a module path by path, the
// way the Clang Static Analyzer does: a path state maps SSA values to abstract
// values (buffer references, known integers, boolean functions of condition
// atoms), branches on undecided conditions fork the state with the condition
// assumed true and false, and states that become equal at a join point merge.
// Loops are explored until their head states repeat (zero, one and many
// trips), calls to functions of the module are explored in the caller's
// context. The result is a list of lifetime events (a buffer leaked, freed
// twice, used after free, freed without being owned); the analysis never
// decides how they are reported.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_LIFETIMEANALYSIS_H
#define MEMLINT_ANALYZER_LIFETIMEANALYSIS_H

#include "analyzer/AbstractState.h"

#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// Limits of the exploration. When a function exceeds them its exploration
/// stops: the events found on the paths explored so far are kept (they are
/// real paths), and the function is counted as incomplete in the statistics.
struct AnalysisOptions {
  /// Maximum depth of calls explored in the caller's context.
  unsigned maxInlineDepth = 8;
  /// Maximum number of frames of one function on the stack of calls
  /// explored in place: a recursive call that would add one more is
  /// modelled by the function's summary. Deeper levels run with their own
  /// arguments (a counter that stops the recursion is known there), so a
  /// leak at the last level is seen when the recursion ends within the bound.
  unsigned maxRecursionFrames = 3;
  /// Maximum number of op executions for one function, over all its paths:
  /// `stepsPerOp` times the function's size, at least `minStepsPerFunction`
  /// and at most `maxStepsPerFunction`, so a file's cost stays linear in its
  /// size even when every function explodes.
  uint64_t maxStepsPerFunction = 20'000'000;
  uint64_t minStepsPerFunction = 200'000;
  uint64_t stepsPerOp = 2'000;
  /// Wall-clock seconds one function's exploration may take (0: no limit).
  /// The other bounds are deterministic; this one is the safety net of a
  /// slow machine, so its default is far above what the step budget takes.
  double maxSecondsPerFunction = 60.0;
  /// Bytes the waiting paths and the seen states of one function's
  /// exploration may hold, as estimated by the explorer (0: no limit).
  uint64_t maxBytesPerFunction = uint64_t(512) << 20;
  /// Distinct integers an argument of a loop head (a counter) takes there
  /// before it is widened to unknown; also the distinct states at a loop
  /// head before the integers stored in memory are.
  unsigned widenAfterStates = 32;
  /// Distinct states at one program point before further paths are dropped.
  unsigned maxStatesPerPoint = 4096;
  /// Loops with a known trip count up to this are unrolled exactly.
  unsigned maxUnrolledTrips = 64;
  /// Paths that meet at a join point and differ only in the booleans of their
  /// environment are merged into one path over a fresh condition atom (an
  /// exact merge). Off, the exploration is a plain depth-first search; that
  /// mode recomputes witnesses whose path crossed a merge.
  bool mergeBooleanStates = true;

  /// Memory planning (perf-missed-reuse, perf-peak-over-budget): an upper
  /// bound for dynamic dimensions (unset: dynamic buffers are not planned),
  /// the time budget of the planner in seconds, and the byte budget of each
  /// memory space ("0", "1", "#gpu.address_space<workgroup>").
  std::optional<int64_t> assumeDim;
  double planTimeLimitSeconds = 1.0;
  std::map<std::string, uint64_t> memoryBudgets;
};

enum class LifetimeEventKind { Leak, DoubleFree, UseAfterFree, InvalidFree };

/// Why a free is invalid.
enum class InvalidFreeReason {
  None,
  Stack,
  Global,
  Argument,
  NotOwned,
  InteriorView,
  MismatchedDeallocator,
};

/// What kind of use a use after free is.
enum class UseKind { Read, Write, CallArgument, Return };

/// One step of a witness path.
struct WitnessStep {
  enum class Kind {
    Alloc,      ///< the buffer is allocated
    Free,       ///< the buffer is freed
    Branch,     ///< a branch decision
    Iteration,  ///< entering (successor 1) or leaving (0) a loop body
    Call,       ///< entering a callee (op: the call)
    Return,     ///< returning to the caller (op: the call)
  };
  Kind kind;
  mlir::Operation *op;
  int successor = 0;
  /// Iteration: the iteration entered (from 1), or when leaving the loop,
  /// the number of iterations run (0: the loop was skipped).
  int iteration = 0;
};

/// One lifetime bug found on at least one path.
struct LifetimeEvent {
  LifetimeEventKind kind;
  InvalidFreeReason reason = InvalidFreeReason::None;
  UseKind use = UseKind::Read;
  /// The primary op: the allocation for a leak, the free or the use otherwise.
  mlir::Operation *op = nullptr;
  /// The buffer concerned: its allocation result or function argument.
  mlir::Value buffer;
  /// The value the op frees or uses (an alias of `buffer`).
  mlir::Value alias;
  /// The earlier free (double free, use after free), the point where the last
  /// reference is lost (leak), or the allocation (invalid free).
  mlir::Operation *relatedOp = nullptr;
  Deallocator allocFamily = Deallocator::Memref;
  Deallocator freeFamily = Deallocator::Memref;
  /// True when every explored path of the root function exhibits the bug.
  bool allPaths = false;
  /// The root function whose exploration found the event.
  mlir::Operation *rootFunction = nullptr;
  /// The witness path, as a reviewer reads it (see explorer/Witness.h).
  std::vector<WitnessStep> witness;
  /// Every branch decision of the witness's path since the allocation (the
  /// latest of each, in path order), pruned from `witness` or not.
  std::vector<WitnessStep> pathBranches;
};

/// What a function does with its memref arguments and results, for calls
/// that cannot be explored in the caller's context (recursion, depth).
struct FunctionSummary {
  enum class ArgEffect { None, Frees, Unknown };
  enum class ResultKind { Unknown, Fresh, AliasOfArg };
  struct Result {
    ResultKind kind = ResultKind::Unknown;
    unsigned arg = 0;
  };
  std::vector<ArgEffect> args;
  std::vector<Result> results;
  bool operator==(const FunctionSummary &other) const;
};

/// The bound an exploration stopped at.
enum class AnalysisBound { None, Steps, StatesPerPoint, Time, Memory };

/// Figures of one analysed root function.
struct FunctionStats {
  std::string name;
  /// The function op.
  mlir::Operation *function = nullptr;
  uint64_t ops = 0;
  uint64_t steps = 0;
  uint64_t states = 0;
  /// Paths the exploration ran (each fork starts one).
  uint64_t paths = 0;
  /// The largest estimate of the exploration's memory, in bytes.
  uint64_t peakBytes = 0;
  bool complete = true;
  /// The first bound reached, and the op a path was at when it was.
  AnalysisBound bound = AnalysisBound::None;
  mlir::Operation *stoppedAt = nullptr;
  /// What the bound was: its limit, in its unit (steps, states, seconds,
  /// bytes).
  double limit = 0;
  std::string incompleteReason;
};

/// Returns "steps", "states-per-point", "time", "memory".
llvm::StringRef stringifyBound(AnalysisBound bound);

/// Figures of one module.
struct AnalysisStats {
  uint64_t functions = 0;
  uint64_t ops = 0;
  /// Allocation sites reached by the exploration.
  uint64_t buffers = 0;
  /// Ops with unknown memory effects, modelled conservatively (their memref
  /// operands escape).
  uint64_t unknownEffectOps = 0;
  /// The same ops by name (sorted), so that a user sees what was modelled
  /// conservatively.
  std::map<std::string, uint64_t> unknownEffectOpNames;
  /// Calls to functions without a body, modelled conservatively.
  uint64_t externalCalls = 0;
  std::vector<FunctionStats> perFunction;
};

namespace explorer {
class ModuleNumbering;
} // namespace explorer

/// The numbering of a module's ops and values that the analysis starts with.
/// Building it only reads the structure of the IR (once the op orders are
/// frozen, see analyzer/Concurrency.h), not what the ops mean, so a driver
/// may build it while another thread verifies the module.
class LifetimeIndex {
public:
  explicit LifetimeIndex(mlir::Operation *module);
  ~LifetimeIndex();
  mlir::Operation *getModule() const { return module; }
  const explorer::ModuleNumbering &getNumbering() const { return *numbering; }

private:
  mlir::Operation *module;
  std::unique_ptr<explorer::ModuleNumbering> numbering;
};

/// Runs the path-sensitive lifetime exploration over every function of a
/// module.
class LifetimeAnalysis {
public:
  /// With `index`, built beforehand for `module`, the analysis starts from
  /// it instead of numbering the module itself.
  LifetimeAnalysis(mlir::Operation *module, const AnalysisOptions &options = {},
                   std::unique_ptr<LifetimeIndex> index = nullptr);
  ~LifetimeAnalysis();

  /// The events, sorted by the position of their primary op.
  llvm::ArrayRef<LifetimeEvent> getEvents() const { return events; }
  const AnalysisStats &getStats() const { return stats; }

  /// Prints the events, summaries and statistics in a stable textual form
  /// (for tests).
  void print(llvm::raw_ostream &os) const;

private:
  std::vector<LifetimeEvent> events;
  /// Summaries of the functions that are called recursively.
  std::vector<std::pair<std::string, FunctionSummary>> summaries;
  AnalysisStats stats;
};

/// Returns "leak", "double-free", ... for printing.
llvm::StringRef stringifyEventKind(LifetimeEventKind kind);

} // namespace memlint

#endif // MEMLINT_ANALYZER_LIFETIMEANALYSIS_H
