//===- LifetimeAnalysis.cpp - Path-sensitive buffer lifetimes -------------===//

#include "analyzer/LifetimeAnalysis.h"
#include "analyzer/ControlFlow.h"
#include "analyzer/LiveIntervals.h"
#include "analyzer/MemoryModel.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <numeric>
#include <unordered_map>

using namespace mlir;
using namespace memlint;

StringRef memlint::stringifyBound(AnalysisBound bound) {
  switch (bound) {
  case AnalysisBound::None:
    return "none";
  case AnalysisBound::Steps:
    return "steps";
  case AnalysisBound::StatesPerPoint:
    return "states-per-point";
  case AnalysisBound::Time:
    return "time";
  case AnalysisBound::Memory:
    return "memory";
  }
  llvm_unreachable("unknown bound");
}

StringRef memlint::stringifyEventKind(LifetimeEventKind kind) {
  switch (kind) {
  case LifetimeEventKind::Leak:
    return "leak";
  case LifetimeEventKind::DoubleFree:
    return "double-free";
  case LifetimeEventKind::UseAfterFree:
    return "use-after-free";
  case LifetimeEventKind::InvalidFree:
    return "invalid-free";
  }
  return "";
}

namespace {

//===----------------------------------------------------------------------===//
// ModuleContext: value numbers and liveness shared by all explorations
//===----------------------------------------------------------------------===//

/// Where the uses of one value are, for cheap liveness queries at any point.
struct UseInfo {
  /// For each block holding a use (or an ancestor op of a use): the last such
  /// op in the block.
  llvm::SmallDenseMap<Block *, Operation *, 4> lastUseInBlock;
  /// Every op that uses the value or contains a use (a loop that only
  /// takes it as an initial iteration value excluded).
  llvm::SmallDenseSet<Operation *, 8> userAncestors;
};

/// Value numbers and op positions of a module: computed once, then only read
/// (by every exploration, possibly on several threads).
class ModuleNumbering {
public:
  explicit ModuleNumbering(Operation *module) {
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      positions.try_emplace(op, positions.size());
      for (Value result : op->getResults())
        addValue(result);
      for (Region &region : op->getRegions())
        for (Block &block : region) {
          for (Value arg : block.getArguments())
            addValue(arg);
          // Explorations may run in parallel: they must only read the IR
          // (see freezeOpOrder).
          if (!block.isOpOrderValid())
            block.recomputeOpOrder();
        }
    });
    // One past the last position in each op's subtree (children first).
    module->walk<WalkOrder::PostOrder>([&](Operation *op) {
      uint64_t end = position(op) + 1;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            end = std::max(end, ends.lookup(&block.back()));
      ends.try_emplace(op, end);
    });
  }

  /// One past the last pre-order position of `op`'s subtree.
  uint64_t subtreeEnd(Operation *op) const { return ends.lookup(op); }
  /// True when `op` is `root` or nested in it, in constant time.
  bool inSubtree(Operation *root, Operation *op) const {
    uint64_t at = position(op);
    return position(root) <= at && at < subtreeEnd(root);
  }

  uint32_t number(Value value) const {
    auto it = numbers.find(value);
    assert(it != numbers.end() && "value not numbered");
    return it->second;
  }
  Value valueOf(uint32_t number) const { return values[number]; }
  uint64_t position(Operation *op) const { return positions.lookup(op); }
  /// The number of ops in `op`, itself included (the pre-order positions of
  /// its ops are contiguous).
  uint64_t countOps(Operation *op) const {
    // An op outside any block (the top-level module) has no next node.
    for (Operation *p = op; p && p->getBlock(); p = p->getParentOp())
      if (Operation *after = p->getNextNode())
        return position(after) - position(op);
    return positions.size() - position(op);
  }

private:
  void addValue(Value value) {
    numbers.try_emplace(value, values.size());
    values.push_back(value);
  }

  DenseMap<Value, uint32_t> numbers;
  DenseMap<Operation *, uint64_t> positions, ends;
  std::vector<Value> values;
};

static bool isFunctionBoundary(Operation *op) {
  return isa<FunctionOpInterface>(op) ||
         op->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

/// Returns true when region `region` of `op` can run again after it ran.
static bool isLoopRegion(Operation *op, Region *region) {
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
    return llvm::is_contained(loop.getLoopRegions(), region);
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    return branch.isRepetitiveRegion(region->getRegionNumber());
  return false;
}

/// What one exploration (one thread) reads of the module: the shared
/// numbering, plus caches of uses, memory effects, liveness and symbols of
/// its own.
class ModuleContext {
public:
  ModuleContext(Operation *module, const ModuleNumbering &numbering)
      : module(module), numbering(numbering) {}

  uint32_t number(Value value) const { return numbering.number(value); }
  Value valueOf(uint32_t number) const { return numbering.valueOf(number); }
  /// The position of an op in a pre-order walk of the module.
  uint64_t position(Operation *op) const { return numbering.position(op); }
  uint64_t countOps(Operation *op) const { return numbering.countOps(op); }
  uint64_t subtreeEnd(Operation *op) const { return numbering.subtreeEnd(op); }
  bool inSubtree(Operation *root, Operation *op) const {
    return numbering.inSubtree(root, op);
  }

  const UseInfo &getUseInfo(Value value) {
    auto [it, inserted] = useInfos.try_emplace(value);
    if (!inserted)
      return it->second;
    UseInfo &info = it->second;
    // Each op on the way up is processed once: a walk that reaches an op an
    // earlier walk passed finds everything above it recorded (linear in the
    // nesting, not quadratic, for a value used at every level).
    llvm::SmallPtrSet<Operation *, 16> visited;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      // A loop reads its initial iteration values once, on entry: they do
      // not keep the value live inside the loop (bounds do: the
      // exploration reads them at every back-edge).
      bool entryOnly = false;
      if (auto loop = dyn_cast<LoopLikeOpInterface>(user)) {
        MutableArrayRef<OpOperand> inits = loop.getInitsMutable();
        entryOnly = !inits.empty() && &use >= inits.begin() &&
                    &use < inits.end();
      }
      for (Operation *op = user; op; op = op->getParentOp()) {
        Block *block = op->getBlock();
        if (op != user || !entryOnly)
          info.userAncestors.insert(op);
        if (!visited.insert(op).second)
          break;
        if (!block)
          break;
        auto &last = info.lastUseInBlock[block];
        if (!last || last->isBeforeInBlock(op))
          last = op;
        if (op == module)
          break;
      }
    }
    return info;
  }

  /// The memory model of an op, computed once.
  const OpMemoryInfo &getMemoryInfo(Operation *op) {
    auto [it, inserted] = memoryInfos.try_emplace(op);
    if (inserted)
      it->second = describeMemory(op);
    return it->second;
  }

  const Liveness &getLiveness(Operation *function) {
    auto &slot = liveness[function];
    if (!slot)
      slot = std::make_unique<Liveness>(function);
    return *slot;
  }

  /// isLoopRegion and isFunctionBoundary, asked at every join and liveness
  /// query (interface calls), computed once per region and op.
  bool isLoop(Region *region) {
    auto [it, inserted] = loopRegions.try_emplace(region);
    if (inserted)
      it->second = isLoopRegion(region->getParentOp(), region);
    return it->second;
  }
  bool isBoundary(Operation *op) {
    auto [it, inserted] = boundaries.try_emplace(op);
    if (inserted)
      it->second = isFunctionBoundary(op);
    return it->second;
  }

  /// Drops the per-value and per-function caches (between root functions,
  /// to keep the peak memory of large modules low).
  void releaseCaches() {
    useInfos.clear();
    liveness.clear();
    memoryInfos.clear();
  }

  SymbolTableCollection symbolTables;
  Operation *module;

private:
  const ModuleNumbering &numbering;
  DenseMap<Value, UseInfo> useInfos;
  DenseMap<Operation *, OpMemoryInfo> memoryInfos;
  DenseMap<Operation *, std::unique_ptr<Liveness>> liveness;
  DenseMap<Region *, bool> loopRegions;
  DenseMap<Operation *, bool> boundaries;
};

//===----------------------------------------------------------------------===//
// FunctionExplorer
//===----------------------------------------------------------------------===//

/// Key of an event, for deduplication: one event per kind and primary op.
struct EventKey {
  LifetimeEventKind kind;
  Operation *op;
  bool operator<(const EventKey &o) const {
    return std::tie(kind, op) < std::tie(o.kind, o.op);
  }
};

/// Explores one root function.
class FunctionExplorer {
public:
  FunctionExplorer(ModuleContext &ctx, FunctionOpInterface root,
                   const AnalysisOptions &options,
                   std::vector<LifetimeEvent> &events,
                   std::map<EventKey, uint32_t> &eventIds,
                   DenseSet<Operation *> &reachedFunctions,
                   AnalysisStats &stats,
                   const DenseMap<Operation *, FunctionSummary> &summaries,
                   FunctionSummary *summaryOut = nullptr)
      : ctx(ctx), root(root), options(options), events(events),
        eventIds(eventIds), reachedFunctions(reachedFunctions), stats(stats),
        summaries(summaries), summaryOut(summaryOut) {}

  FunctionStats run();
  /// Events found by this exploration.
  ArrayRef<uint32_t> getLocalEvents() const { return localEvents; }
  /// Events whose witness crossed a merge of paths (its branch decisions
  /// before the merge may belong to another path).
  const DenseSet<uint32_t> &getApproximateWitnesses() const {
    return approximateWitnesses;
  }
  /// Turns this exploration into a witness search: it reports nothing new
  /// and replaces the witnesses of `ids` by exact ones when it meets them.
  void refineWitnesses(const DenseSet<uint32_t> &ids) {
    witnessSearch = true;
    witnessesToRefine = ids;
  }

private:
  //===--------------------------------------------------------------------===//
  // Value access
  //===--------------------------------------------------------------------===//

  const AbsVal *get(PathState &s, Value v) { return s.lookup(ctx.number(v)); }
  void set(PathState &s, Value v, const AbsVal &val) {
    s.bind(ctx.number(v), val);
  }
  /// Forgets `v` (it is being redefined to something unknown).
  void clear(PathState &s, Value v) {
    uint32_t n = ctx.number(v);
    s.unbind(n);
    llvm::erase_if(s.cmpAtoms, [n](const CmpAtom &c) {
      return c.lhs == n || c.rhs == n;
    });
  }
  /// Binds an unknown result: i1 values get a fresh atom so that later tests
  /// of the same value are correlated.
  void setUnknown(PathState &s, Value v) {
    clear(s, v);
    if (v.getType().isInteger(1))
      set(s, v, AbsVal::getBool(BoolFn::atom(s.freshAtom())));
  }

  std::optional<int64_t> getInt(PathState &s, Value v) {
    if (const AbsVal *val = get(s, v)) {
      if (val->kind == AbsVal::Kind::Int)
        return val->intValue;
      if (val->kind == AbsVal::Kind::Bool)
        if (auto c = val->boolValue.evaluate(s.assignment))
          return *c ? 1 : 0;
    }
    return std::nullopt;
  }
  std::optional<int64_t> getInt(PathState &s, OpFoldResult ofr) {
    if (auto attr = dyn_cast<Attribute>(ofr)) {
      if (auto intAttr = dyn_cast<IntegerAttr>(attr))
        return intAttr.getValue().getSExtValue();
      return std::nullopt;
    }
    return getInt(s, cast<Value>(ofr));
  }

  /// Returns the boolean function of an i1 value, creating an atom for it if
  /// it is unknown.
  BoolFn getBool(PathState &s, Value v) {
    if (const AbsVal *val = get(s, v)) {
      if (val->kind == AbsVal::Kind::Bool)
        return val->boolValue;
      if (val->kind == AbsVal::Kind::Int)
        return BoolFn::constant(val->intValue != 0);
    }
    BoolFn fn = BoolFn::atom(s.freshAtom());
    set(s, v, AbsVal::getBool(fn));
    return fn;
  }

  /// Decides `fn` on this path. When it is undecided, the path forks: a copy
  /// that assumes the atom false is queued to re-run the current op, and `s`
  /// continues with the atom true.
  /// With `prefer`, `s` continues with the value of the atom that makes
  /// `fn` equal `prefer` when one does (the other path waits).
  bool decide(PathState &s, const BoolFn &fn,
              std::optional<bool> prefer = std::nullopt) {
    while (true) {
      if (auto value = fn.evaluate(s.assignment))
        return *value;
      uint32_t atom = *fn.pickUndecidedAtom(s.assignment);
      bool mine = true;
      if (prefer) {
        Assignment probe = s.assignment;
        probe.insert(llvm::lower_bound(probe, std::make_pair(atom, false)),
                     {atom, false});
        if (fn.evaluate(probe) == prefer)
          mine = false;
      }
      ++s.forks;
      PathState other = s;
      other.assume(atom, !mine);
      push(std::move(other));
      s.assume(atom, mine);
    }
  }

  /// Operands as attributes for interface queries (null when unknown).
  SmallVector<Attribute> getOperandAttrs(PathState &s, Operation *op) {
    SmallVector<Attribute> attrs;
    for (Value operand : op->getOperands()) {
      Attribute attr;
      if (const AbsVal *val = get(s, operand)) {
        if (val->kind == AbsVal::Kind::Int && isa<IntegerType, IndexType>(
                                                  operand.getType()))
          attr = IntegerAttr::get(operand.getType(), val->intValue);
        else if (val->kind == AbsVal::Kind::Bool)
          if (auto c = val->boolValue.evaluate(s.assignment))
            attr = BoolAttr::get(op->getContext(), *c);
      }
      attrs.push_back(attr);
    }
    return attrs;
  }

  /// Forks on the first undecided i1 operand of `op`; returns false when all
  /// i1 operands are decided.
  bool decideSomeOperand(PathState &s, Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!operand.getType().isInteger(1))
        continue;
      BoolFn fn = getBool(s, operand);
      if (!fn.evaluate(s.assignment)) {
        decide(s, fn);
        return true;
      }
    }
    return false;
  }

  //===--------------------------------------------------------------------===//
  // Events
  //===--------------------------------------------------------------------===//

  void report(PathState &s, LifetimeEvent event, uint32_t bufferId);
  /// The witness of a bug at `bugOp` from the allocation at `site`.
  /// `crossedMerge` is set when the path crossed a merge of paths.
  std::vector<WitnessStep> extractWitness(const PathState &s, Operation *site,
                                          Operation *bugOp,
                                          bool &crossedMerge) const;

  //===--------------------------------------------------------------------===//
  // Exploration
  //===--------------------------------------------------------------------===//

  /// Queues a path. `shape` is its shape fingerprint when it waits at a
  /// join point (other paths arriving there may merge into it).
  void push(PathState &&s,
            std::optional<std::pair<uint64_t, uint64_t>> shape = {});
  PathState pop();
  /// Merges `s` into the waiting path `into`, which has the same shape: the
  /// booleans that differ become `ite(x, into, s)` over a fresh atom x.
  /// Fails when a boolean would need too many atoms.
  bool mergeBooleans(PathState &into, PathState &s);
  void canonicalizeAtoms(PathState &s);
  /// Queues a path arriving at a join point (block entry, after a region op):
  /// prunes, canonicalizes and merges it with equal states seen before.
  void join(PathState &&s, Operation *pc);
  void finishPath(PathState &s, Operation *exitOp);
  void runPath(PathState &s);
  /// Executes `s.pc`; returns false when the path stopped or forked.
  bool step(PathState &s);

  void canonicalize(PathState &s);
  /// Whether the value numbered `number` is live at `pc` in the frame of
  /// `callStack`.
  bool isLiveAt(uint32_t number, Operation *pc,
                ArrayRef<Operation *> callStack);
  /// Liveness of `v` at `pc` within the function holding `pc`: used later
  /// in it, dead, or live only if live after the call of the function.
  enum class LocalLiveness : uint8_t { Dead, Live, UntilReturn };
  LocalLiveness computeLocalLiveness(Value v, uint32_t number, Operation *pc);
  void checkLeaksOnLoss(PathState &s, Operation *where,
                        const llvm::BitVector &strong);

  void bindForwarded(PathState &s, ValueRange from, ValueRange to);
  void markEscaped(PathState &s, Value v);
  /// Decides the condition of the Select operands of `op` whose buffer
  /// matters to it (splitting the path), and rebinds them to the Ref chosen.
  void concretizeSelects(PathState &s, Operation *op);
  /// True when `op` treats the Select `val` in `operand` the same whichever
  /// buffer it is: it forwards it (branches, region entries and exits),
  /// makes a view of it, or reads and writes it while both buffers are
  /// alive and hold no tracked contents.
  bool selectPassesThrough(PathState &s, Operation *op, OpOperand &operand,
                           const AbsVal &val);
  void checkUse(PathState &s, Operation *op, Value v, UseKind use);
  void freeValue(PathState &s, Operation *op, Value v, Deallocator family);
  void createBuffer(PathState &s, Value result, BufferOrigin origin,
                    Deallocator family, Operation *site);

  bool stepRegionOp(PathState &s, RegionBranchOpInterface op);
  bool stepLoopEntry(PathState &s, LoopLikeOpInterface loop);
  bool stepRegionTerminator(PathState &s, Operation *term);
  bool stepLoopBackedge(PathState &s, LoopLikeOpInterface loop,
                        Operation *term);
  bool stepBranch(PathState &s, Operation *term);
  bool stepReturn(PathState &s, Operation *term);
  bool stepCall(PathState &s, CallOpInterface call);
  void stepBufferizationDealloc(PathState &s, bufferization::DeallocOp op);
  bool stepArith(PathState &s, Operation *op);
  /// The boolean of `lhs pred rhs` on unknown integers: one atom per pair of
  /// values and predicate class, so equal and opposite tests correlate.
  /// The atom `value == constant` for an integer this path does not know.
  BoolFn equalsConstantAtom(PathState &s, Value value, int64_t constant);
  BoolFn compareAtom(PathState &s, Value lhs, Value rhs,
                     arith::CmpIPredicate pred);
  void stepGeneric(PathState &s, Operation *op);
  void stepUnknown(PathState &s, Operation *op);
  void escapeCaptured(PathState &s, Operation *op);

  bool decideAlias(PathState &s, uint32_t a, uint32_t b);
  std::optional<int64_t> linearIndex(PathState &s, Value memref,
                                     ValueRange indices);

  ModuleContext &ctx;
  FunctionOpInterface root;
  const AnalysisOptions &options;
  std::vector<LifetimeEvent> &events;
  std::map<EventKey, uint32_t> &eventIds;
  DenseSet<Operation *> &reachedFunctions;
  AnalysisStats &stats;
  const DenseMap<Operation *, FunctionSummary> &summaries;
  /// When set, the exploration computes the root's summary and reports
  /// nothing.
  FunctionSummary *summaryOut;
  /// Per exit: what happened to each argument and what each result is.
  std::vector<FunctionSummary> exitSummaries;

  void recordExit(PathState &s, Operation *term);
  bool applySummary(PathState &s, CallOpInterface call,
                    const FunctionSummary &summary);

  /// The paths waiting to run. Without merging, a stack (depth-first).
  /// With merging, a priority queue by program point: the earliest point in
  /// the module's pre-order runs first (outer frames first for inlined
  /// calls), so every path reaching a join point gets there before any path
  /// goes on from it, and paths that differ only in booleans merge.
  struct QueueEntry {
    SmallVector<uint64_t, 3> key;
    uint64_t seq;
    uint32_t slot;
  };
  static bool queueLess(const QueueEntry &a, const QueueEntry &b) {
    if (a.key != b.key)
      return b.key < a.key;
    return a.seq < b.seq;
  }
  std::vector<QueueEntry> queue;
  std::vector<PathState> slots;
  std::vector<uint32_t> freeSlots;
  /// The shape a waiting slot is registered under in `waitingByShape`.
  std::vector<std::optional<std::pair<uint64_t, uint64_t>>> slotShapes;
  uint64_t nextSeq = 0;
  struct FingerprintHash {
    size_t operator()(const std::pair<uint64_t, uint64_t> &p) const {
      return p.first ^ (p.second * 0x9e3779b97f4a7c15ull);
    }
  };
  /// Fingerprints of the states seen at join points, with the events hit on
  /// every path that reached them.
  std::unordered_map<std::pair<uint64_t, uint64_t>, SmallVector<uint32_t, 2>,
                     FingerprintHash>
      seenByFingerprint;
  /// Waiting paths at join points, by shape fingerprint.
  std::unordered_map<std::pair<uint64_t, uint64_t>, uint32_t, FingerprintHash>
      waitingByShape;
  /// The states seen by cover fingerprint, with their assumptions and full
  /// fingerprints (a few per cover fingerprint).
  static constexpr size_t kMaxStatesPerCover = 8;
  std::unordered_map<std::pair<uint64_t, uint64_t>,
                     SmallVector<std::pair<Assignment,
                                           std::pair<uint64_t, uint64_t>>,
                                 1>,
                     FingerprintHash>
      seenByCover;
  DenseMap<std::pair<Operation *, unsigned>, unsigned> statesPerPoint;
  /// The distinct integers each argument of a loop head has carried there
  /// (up to widenAfterStates + 1 of them): a counter is widened when it
  /// keeps taking new values, not when other parts of the state vary.
  DenseMap<std::pair<Operation *, unsigned>, llvm::SmallDenseSet<int64_t, 4>>
      headValues;
  DenseSet<uint32_t> approximateWitnesses;
  bool witnessSearch = false;
  DenseSet<uint32_t> witnessesToRefine;
  DenseSet<Operation *> unknownOps;
  DenseSet<Operation *> allocSites;
  /// Which of the values a state holds (its environment, then both sides
  /// of its comparison atoms) are live at its point: states reaching a
  /// point tend to hold the same values, so the verdicts are kept per point,
  /// call stack and list of value numbers.
  struct LiveVerdicts {
    Operation *pc;
    SmallVector<Operation *, 2> callStack;
    SmallVector<uint32_t, 32> numbers;
    llvm::BitVector live;
  };
  std::unordered_multimap<size_t, LiveVerdicts> liveVerdicts;
  const llvm::BitVector &getLiveVerdicts(const PathState &s);
  /// computeLocalLiveness by point index and value number.
  DenseMap<std::pair<uint32_t, uint32_t>, LocalLiveness> livenessCache;
  /// Dense indices of the points queried, and the last one looked up (the
  /// queries of one canonicalization share their point).
  DenseMap<Operation *, uint32_t> pointIndex;
  uint32_t getPointIndex(Operation *point) {
    return pointIndex.try_emplace(point, pointIndex.size()).first->second;
  }
  Operation *lastPoint = nullptr;
  uint32_t lastPointIndex = 0;
  DenseMap<Operation *, bool> exactLoops;
  bool tracksScalarsAcrossIterations(LoopLikeOpInterface loop);
  /// How the induction variable of a loop can change what an iteration
  /// does to the state.
  struct InductionVarUses {
    /// Only through `comparisons`: otherwise it only indexes loads and
    /// stores of elements the state does not track (data: floats, integers
    /// other than i1), directly or through pure ops.
    bool limited = false;
    /// `arith.cmpi` of the induction variable with a constant.
    SmallVector<arith::CmpIOp, 2> comparisons;
  };
  const InductionVarUses &getInductionVarUses(LoopLikeOpInterface loop);
  DenseMap<Operation *, InductionVarUses> inductionVarUses;
  /// True when every comparison of `uses` has the same outcome for all the
  /// induction values in [first, last].
  static bool comparisonsAreConstant(const InductionVarUses &uses,
                                     int64_t first, int64_t last);
  /// At the head of an exactly unrolled loop: when this iteration starts
  /// from the state the previous one started from (up to an irrelevant
  /// induction variable) and the path did not fork in between, every
  /// remaining iteration repeats it, so the path leaves the loop now.
  /// Returns true when it did.
  bool leaveConvergedLoop(PathState &s, Operation *pc);
  void forgetIterationMark(PathState &s, Operation *loop) {
    llvm::erase_if(s.iterationMarks, [&](const PathState::IterationMark &m) {
      return m.loop == loop;
    });
  }
  std::optional<SmallVector<uint32_t, 4>> terminalHits;
  /// Events found by this exploration (for the all-paths verdict).
  SmallVector<uint32_t> localEvents;
  DenseSet<uint32_t> localEventSet;
  uint64_t steps = 0;
  uint64_t stepBudget = 0;
  uint64_t paths = 0;
  bool complete = true;
  /// The first bound reached (see FunctionStats).
  AnalysisBound bound = AnalysisBound::None;
  Operation *stoppedAt = nullptr;
  double boundLimit = 0;
  std::string incompleteReason;
  /// Records that the exploration reached `reached` at `where`.
  void stop(AnalysisBound reached, Operation *where, double limit,
            StringRef reason) {
    if (bound == AnalysisBound::None) {
      bound = reached;
      stoppedAt = where;
      boundLimit = limit;
      incompleteReason = reason.str();
    }
    complete = false;
  }
  /// True when the exploration must end now: a bound other than the states
  /// of one point was reached.
  bool mustStop() const {
    return bound != AnalysisBound::None &&
           bound != AnalysisBound::StatesPerPoint;
  }
  /// Checks the wall-clock and memory bounds (every kResourceCheckSteps
  /// steps); true when one was reached.
  static constexpr uint64_t kResourceCheckSteps = 1024;
  uint64_t nextResourceCheck = kResourceCheckSteps;
  bool overResourceBounds(Operation *where);
  uint64_t estimateBytes() const;
  std::chrono::steady_clock::time_point startTime;
  /// The estimated bytes of each slot's state, and their sum over the
  /// waiting paths.
  std::vector<uint32_t> slotBytes;
  uint64_t waitingBytes = 0;
  uint64_t peakBytes = 0;
};

} // namespace

//===----------------------------------------------------------------------===//
// Events and witnesses
//===----------------------------------------------------------------------===//

std::vector<WitnessStep>
FunctionExplorer::extractWitness(const PathState &s, Operation *site,
                                 Operation *bugOp, bool &crossedMerge) const {
  crossedMerge = false;
  std::vector<WitnessStep> steps;
  constexpr size_t kMaxSteps = 48;
  // Keep the decisions of the function the bug is in (and the calls into
  // it), once each: the most recent time a branch was taken.
  Operation *bugFunction = bugOp->getParentOfType<FunctionOpInterface>();
  auto keep = [&](const TraceStep *t) {
    if (t->op->getParentOfType<FunctionOpInterface>() != bugFunction &&
        t->kind != TraceStep::Kind::Alloc && t->kind != TraceStep::Kind::Free)
      return false;
    return llvm::none_of(steps, [&](const WitnessStep &w) {
      return w.op == t->op && w.successor == t->successor;
    });
  };
  for (const TraceStep *t = s.trace.get(); t; t = t->prev.get()) {
    bool stop = false;
    if (t->kind == TraceStep::Kind::Merge) {
      crossedMerge = true;
      continue;
    }
    if (!keep(t))
      continue;
    switch (t->kind) {
    case TraceStep::Kind::Alloc:
      if (site && t->site == site) {
        steps.push_back({WitnessStep::Kind::Alloc, t->op, 0});
        stop = true;
      }
      break;
    case TraceStep::Kind::Free:
      if (site && t->site == site)
        steps.push_back({WitnessStep::Kind::Free, t->op, 0});
      break;
    case TraceStep::Kind::Branch:
      steps.push_back({WitnessStep::Kind::Branch, t->op, t->successor});
      break;
    case TraceStep::Kind::Iteration:
      steps.push_back({WitnessStep::Kind::Iteration, t->op, t->successor});
      break;
    case TraceStep::Kind::Call:
      steps.push_back({WitnessStep::Kind::Call, t->op, 0});
      break;
    case TraceStep::Kind::Return:
      steps.push_back({WitnessStep::Kind::Return, t->op, 0});
      break;
    case TraceStep::Kind::Merge:
      break;
    }
    if (stop || steps.size() >= kMaxSteps)
      break;
  }
  std::reverse(steps.begin(), steps.end());
  return steps;
}

void FunctionExplorer::report(PathState &s, LifetimeEvent event,
                              uint32_t bufferId) {
  if (summaryOut)
    return;
  Operation *site =
      bufferId < s.buffers.size() ? s.buffers[bufferId].site : nullptr;
  EventKey key{event.kind, event.op};
  if (witnessSearch) {
    // Witness search: only exact witnesses of known events.
    auto it = eventIds.find(key);
    if (it == eventIds.end() || !witnessesToRefine.contains(it->second))
      return;
    bool crossedMerge;
    auto witness = extractWitness(s, site, event.op, crossedMerge);
    if (crossedMerge)
      return;
    events[it->second].witness = std::move(witness);
    witnessesToRefine.erase(it->second);
    return;
  }
  auto [it, inserted] = eventIds.try_emplace(key, events.size());
  if (inserted) {
    bool crossedMerge;
    event.witness = extractWitness(s, site, event.op, crossedMerge);
    if (crossedMerge)
      approximateWitnesses.insert(it->second);
    event.rootFunction = root;
    events.push_back(std::move(event));
  }
  if (localEventSet.insert(it->second).second)
    localEvents.push_back(it->second);
  s.addHit(it->second);
}

//===----------------------------------------------------------------------===//
// Liveness, pruning and canonical states
//===----------------------------------------------------------------------===//

bool FunctionExplorer::isLiveAt(uint32_t number, Operation *pc,
                                ArrayRef<Operation *> callStack) {
  // In an inlined call, a value not used again in the callee may still be
  // used after the call: continue in the caller, frame after frame.
  size_t frame = callStack.size();
  while (pc) {
    if (pc != lastPoint) {
      lastPoint = pc;
      lastPointIndex =
          pointIndex.try_emplace(pc, pointIndex.size()).first->second;
    }
    LocalLiveness local;
    auto it = livenessCache.find({lastPointIndex, number});
    if (it != livenessCache.end()) {
      local = it->second;
    } else {
      // (It caches the points it passes: no iterator is kept across it.)
      local = computeLocalLiveness(ctx.valueOf(number), number, pc);
      livenessCache[{getPointIndex(pc), number}] = local;
    }
    if (local != LocalLiveness::UntilReturn)
      return local == LocalLiveness::Live;
    if (frame == 0)
      return false;
    pc = callStack[--frame]->getNextNode();
  }
  return false;
}

FunctionExplorer::LocalLiveness
FunctionExplorer::computeLocalLiveness(Value v, uint32_t number,
                                       Operation *pc) {
  // The walk climbs out of regions; the points it passes on the way (the op
  // after each region op left) have the same answer, so they are cached
  // too, and a walk stops at a cached one: linear in the nesting overall.
  SmallVector<Operation *, 8> passed;
  auto finish = [&](LocalLiveness result) {
    for (Operation *point : passed)
      livenessCache[{getPointIndex(point), number}] = result;
    return result;
  };
  const UseInfo &uses = ctx.getUseInfo(v);
  Operation *point = pc; // the first op not yet executed at this level
  Operation *defOp = v.getDefiningOp();
  Block *argOwner = isa<BlockArgument>(v) ? cast<BlockArgument>(v).getOwner()
                                           : nullptr;
  while (point) {
    Block *block = point->getBlock();
    // A value (re)defined at or after the point is not live here: the uses
    // that follow read the new definition. (Defined in an op of the block
    // at or after the point: the ops from the point to the end of the
    // block, with everything nested in them, are a range of pre-order
    // positions.)
    Operation *definer = defOp ? defOp
                         : argOwner && argOwner != block
                             ? argOwner->getParentOp()
                             : nullptr;
    if (definer && ctx.position(point) <= ctx.position(definer) &&
        ctx.position(definer) < ctx.subtreeEnd(&block->back()))
      return finish(LocalLiveness::Dead);
    auto it = uses.lastUseInBlock.find(block);
    if (it != uses.lastUseInBlock.end() &&
        (it->second == point || point->isBeforeInBlock(it->second)))
      return finish(LocalLiveness::Live);
    Operation *parent = block->getParentOp();
    if (!parent)
      return finish(LocalLiveness::Dead);
    if (ctx.isBoundary(parent)) {
      // Nothing is live out of the only block of a body: no need to build
      // the function's liveness.
      if (block->getNumSuccessors() == 0 && block->getParent()->hasOneBlock())
        return finish(LocalLiveness::UntilReturn);
      const LivenessBlockInfo *info = ctx.getLiveness(parent).getLiveness(block);
      return finish(info && info->isLiveOut(v) ? LocalLiveness::Live
                                               : LocalLiveness::UntilReturn);
    }
    // Inside a region of `parent`: a CFG inside the region may branch on.
    if (block->getNumSuccessors() != 0 || !block->isEntryBlock()) {
      Operation *fn = parent;
      while (fn && !ctx.isBoundary(fn))
        fn = fn->getParentOp();
      if (fn) {
        const LivenessBlockInfo *info = ctx.getLiveness(fn).getLiveness(block);
        if (info && info->isLiveOut(v))
          return finish(LocalLiveness::Live);
      }
    }
    // The loop itself reads its induction variables (arguments of its body)
    // at the back-edge.
    if (argOwner == block)
      if (auto loop = dyn_cast<LoopLikeOpInterface>(parent))
        if (auto ivs = loop.getLoopInductionVars())
          if (llvm::is_contained(*ivs, v))
            return finish(LocalLiveness::Live);
    if (ctx.isLoop(block->getParent()) &&
        uses.userAncestors.contains(parent)) {
      // Used inside the loop: live across iterations unless defined inside
      // it (then every iteration defines it anew).
      Operation *owner = v.getParentRegion()->getParentOp();
      if (!owner || !ctx.inSubtree(parent, owner))
        return finish(LocalLiveness::Live);
    }
    point = parent->getNextNode();
    if (point) {
      auto cached = livenessCache.find({getPointIndex(point), number});
      if (cached != livenessCache.end())
        return finish(cached->second);
      passed.push_back(point);
    }
  }
  return finish(LocalLiveness::Dead);
}

const llvm::BitVector &FunctionExplorer::getLiveVerdicts(const PathState &s) {
  SmallVector<uint32_t, 32> numbers;
  for (const auto &entry : s.env)
    numbers.push_back(entry.first);
  for (const CmpAtom &c : s.cmpAtoms) {
    numbers.push_back(c.lhs);
    numbers.push_back(c.rhs);
  }
  size_t hash = llvm::hash_combine(
      s.pc, llvm::hash_combine_range(s.callStack.begin(), s.callStack.end()),
      llvm::hash_combine_range(numbers.begin(), numbers.end()));
  auto [first, last] = liveVerdicts.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    const LiveVerdicts &v = it->second;
    if (v.pc == s.pc && ArrayRef(v.callStack) == ArrayRef(s.callStack) &&
        ArrayRef(v.numbers) == ArrayRef(numbers))
      return v.live;
  }
  LiveVerdicts v;
  v.pc = s.pc;
  v.callStack.assign(s.callStack.begin(), s.callStack.end());
  v.numbers = numbers;
  v.live.resize(numbers.size());
  for (auto [i, number] : llvm::enumerate(numbers))
    if (isLiveAt(number, s.pc, s.callStack))
      v.live.set(i);
  return liveVerdicts.emplace(hash, std::move(v))->second.live;
}

void FunctionExplorer::checkLeaksOnLoss(PathState &s, Operation *where,
                                        const llvm::BitVector &strong) {
  for (uint32_t i = 0; i < s.buffers.size(); ++i) {
    BufferRecord &b = s.buffers[i];
    if (strong.test(i) || b.origin != BufferOrigin::Heap || b.freed ||
        b.escaped || b.leakReported)
      continue;
    LifetimeEvent event;
    event.kind = LifetimeEventKind::Leak;
    event.op = b.leakSite ? b.leakSite : b.site;
    event.buffer = b.root;
    event.relatedOp = where;
    event.allocFamily = b.deallocator;
    report(s, std::move(event), i);
    b.leakReported = true;
  }
}

void FunctionExplorer::canonicalize(PathState &s) {
  // 1. Drop values that are dead at this point.
  const llvm::BitVector &live = getLiveVerdicts(s);
  size_t kept = 0, index = 0;
  for (size_t i = 0; i < s.env.size(); ++i)
    if (live.test(index++))
      s.env[kept++] = std::move(s.env[i]);
  s.env.truncate(kept);
  kept = 0;
  for (size_t i = 0; i < s.cmpAtoms.size(); ++i, index += 2)
    if (live.test(index) && live.test(index + 1))
      s.cmpAtoms[kept++] = s.cmpAtoms[i];
  s.cmpAtoms.truncate(kept);

  // 2. Buffer reachability: strong references (Ref) keep a buffer usable,
  // weak ones (Ptr) only keep its identity for pointer comparisons.
  uint32_t numBuffers = s.buffers.size();
  llvm::BitVector strong(numBuffers), weak(numBuffers);
  SmallVector<uint32_t> order; // first-reference order
  SmallVector<uint32_t> stack;
  auto visitStrong = [&](uint32_t buffer) {
    if (!strong.test(buffer)) {
      strong.set(buffer);
      stack.push_back(buffer);
    }
    if (!llvm::is_contained(order, buffer))
      order.push_back(buffer);
  };
  auto visit = [&](const AbsVal &val) {
    if (val.kind == AbsVal::Kind::Ref) {
      visitStrong(val.buffer);
    } else if (val.kind == AbsVal::Kind::Select) {
      val.forEachLeaf([&](const AbsVal &ref) { visitStrong(ref.buffer); });
    } else if (val.kind == AbsVal::Kind::Ptr) {
      weak.set(val.buffer);
      if (!llvm::is_contained(order, val.buffer))
        order.push_back(val.buffer);
    }
  };
  s.mayHaveSelect = false;
  for (const auto &entry : s.env) {
    visit(entry.second);
    s.mayHaveSelect |= entry.second.kind == AbsVal::Kind::Select;
  }
  // Argument records stay, with what is stored in them: summaries report
  // what happened to them, and the caller sees their contents.
  for (uint32_t b = 0; b < numBuffers; ++b)
    if (s.buffers[b].origin == BufferOrigin::Argument)
      visit(AbsVal::getRef(b, /*interior=*/false));
  while (!stack.empty()) {
    uint32_t b = stack.pop_back_val();
    for (const auto &cell : s.buffers[b].contents)
      visit(cell.second);
  }
  checkLeaksOnLoss(s, s.pc, strong);

  // 3. Renumber buffers in first-reference order; drop unreferenced ones.
  SmallVector<uint32_t> newIndex(numBuffers, ~0u);
  SmallVector<BufferRecord, 8> buffers;
  bool sameOrder = order.size() == numBuffers;
  for (uint32_t i = 0; i < order.size() && sameOrder; ++i)
    sameOrder = order[i] == i;
  if (sameOrder) {
    // Already canonical: nothing to renumber.
    for (uint32_t i = 0; i < numBuffers; ++i)
      newIndex[i] = i;
    buffers = std::move(s.buffers);
    order.clear();
  }
  for (uint32_t b : order) {
    newIndex[b] = buffers.size();
    buffers.push_back(std::move(s.buffers[b]));
  }
  auto remapVal = [&](AbsVal &val) {
    if (val.kind == AbsVal::Kind::Ref || val.kind == AbsVal::Kind::Ptr)
      val.buffer = newIndex[val.buffer];
    else if (val.kind == AbsVal::Kind::Select)
      val = val.mapLeaves([&](const AbsVal &ref) {
        return AbsVal::getRef(newIndex[ref.buffer], ref.interior);
      });
  };
  if (!sameOrder) {
    for (auto &entry : s.env)
      remapVal(entry.second);
    for (BufferRecord &b : buffers)
      for (auto &cell : b.contents)
        remapVal(cell.second);
  }
  s.buffers = std::move(buffers);
  SmallVector<std::tuple<uint32_t, uint32_t, uint32_t>, 2> aliasAtoms;
  for (auto [a, b, atom] : s.aliasAtoms) {
    if (newIndex[a] == ~0u || newIndex[b] == ~0u)
      continue;
    uint32_t x = newIndex[a], y = newIndex[b];
    aliasAtoms.emplace_back(std::min(x, y), std::max(x, y), atom);
  }
  llvm::sort(aliasAtoms);
  s.aliasAtoms = std::move(aliasAtoms);
  canonicalizeAtoms(s);
}

void FunctionExplorer::canonicalizeAtoms(PathState &s) {
  // 4. Renumber atoms in first-occurrence order and drop assumptions nothing
  // refers to. Booleans keep their atoms, decided or not: paths that decided
  // an atom differently then differ only in the assumption, and merge by
  // dropping it. A decided Select is the Ref it chose.
  auto substitute = [&](AbsVal &val) {
    if (s.assignment.empty() || val.kind != AbsVal::Kind::Select)
      return;
    bool decided = false;
    val.forEachCondition([&](const BoolFn &c) {
      decided |= c.evaluate(s.assignment).has_value();
    });
    if (decided)
      val = val.mapConditions([&](const BoolFn &c) {
        if (auto value = c.evaluate(s.assignment))
          return BoolFn::constant(*value);
        return c;
      });
  };
  for (auto &entry : s.env)
    substitute(entry.second);
  for (BufferRecord &b : s.buffers)
    for (auto &cell : b.contents)
      substitute(cell.second);
  DenseMap<uint32_t, uint32_t> atomIndex;
  auto note = [&](uint32_t atom) {
    atomIndex.try_emplace(atom, atomIndex.size());
  };
  auto noteVal = [&](const AbsVal &val) {
    if (val.kind == AbsVal::Kind::Bool)
      for (uint32_t a : val.boolValue.getAtoms())
        note(a);
    else if (val.kind == AbsVal::Kind::Select)
      val.forEachCondition([&](const BoolFn &c) {
        for (uint32_t a : c.getAtoms())
          note(a);
      });
  };
  // Atoms of assumptions come first, so that states differing only in the
  // booleans of their environment get the same numbering for them (see
  // PathState::sameShape).
  for (auto [a, b, atom] : s.aliasAtoms)
    note(atom);
  for (const CmpAtom &c : s.cmpAtoms)
    note(c.atom);
  for (const auto &entry : s.env)
    noteVal(entry.second);
  for (const BufferRecord &b : s.buffers)
    for (const auto &cell : b.contents)
      noteVal(cell.second);
  auto rename = [&](uint32_t atom) { return atomIndex.lookup(atom); };
  // Most joins find the atoms already in canonical order.
  bool identity = llvm::all_of(atomIndex, [](const auto &entry) {
    return entry.first == entry.second;
  });
  auto renameVal = [&](AbsVal &val) {
    if (identity)
      return;
    if (val.kind == AbsVal::Kind::Bool && !val.boolValue.getAtoms().empty())
      val.boolValue = val.boolValue.remap(rename);
    else if (val.kind == AbsVal::Kind::Select)
      val = val.mapConditions(
          [&](const BoolFn &c) { return c.remap(rename); });
  };
  for (auto &entry : s.env)
    renameVal(entry.second);
  for (BufferRecord &b : s.buffers)
    for (auto &cell : b.contents)
      renameVal(cell.second);
  for (auto &[a, b, atom] : s.aliasAtoms)
    atom = rename(atom);
  for (CmpAtom &c : s.cmpAtoms)
    c.atom = rename(c.atom);
  Assignment assignment;
  for (auto [atom, value] : s.assignment) {
    auto it = atomIndex.find(atom);
    if (it != atomIndex.end())
      assignment.emplace_back(it->second, value);
  }
  llvm::sort(assignment);
  s.assignment = std::move(assignment);
  s.nextAtom = atomIndex.size();
}

/// True when paths can meet at `pc`: after a region op, at a loop head, or at
/// a block with several predecessor edges. Elsewhere (the entry of an
/// scf.if branch, a block with one predecessor) nothing can merge, so the
/// path goes on without pruning or bookkeeping.
static bool isMergePoint(ModuleContext &ctx, Operation *pc) {
  Block *block = pc->getBlock();
  if (&block->front() != pc)
    return true;
  Operation *parent = block->getParentOp();
  if (block->isEntryBlock())
    return ctx.isLoop(block->getParent()) || ctx.isBoundary(parent);
  unsigned edges = 0;
  for (auto it = block->pred_begin(), e = block->pred_end(); it != e; ++it)
    ++edges;
  return edges != 1;
}

void FunctionExplorer::join(PathState &&s, Operation *pc) {
  s.pc = pc;
  if (!isMergePoint(ctx, pc)) {
    push(std::move(s));
    return;
  }
  canonicalize(s);
  if (leaveConvergedLoop(s, pc))
    return;
  auto pointKey = std::make_pair(pc, (unsigned)s.callStack.size());
  unsigned &count = statesPerPoint[pointKey];
  Block *block = pc->getBlock();
  bool loopHead =
      &block->front() == pc &&
      (ctx.isLoop(block->getParent()) ||
       (!block->isEntryBlock() && !block->hasNoPredecessors() &&
        !block->getSinglePredecessor()));
  // A loop with a known trip count is unrolled exactly (its induction
  // variable is known): it ends by itself and needs no widening.
  if (loopHead)
    if (auto loop = dyn_cast<LoopLikeOpInterface>(block->getParentOp()))
      if (auto ivs = loop.getLoopInductionVars())
        if (ivs->size() == 1 && getInt(s, ivs->front()))
          loopHead = false;
  if (loopHead && count >= 1) {
    // Widen at loop heads: forget integers carried around the loop through
    // block arguments and stored in memory, so that counting loops converge.
    // A counter compared with an unknown bound is widened from the second
    // state on (counting cannot end the loop), others once they have taken
    // more than `widenAfterStates` values here (a loop with known bounds
    // ends by itself; a count of states would also widen a short counter
    // whose loop is reached from many contexts, and make infeasible paths).
    // Integers in memory are widened after `widenAfterStates` states.
    bool widenAll = count >= options.widenAfterStates;
    auto keepsCounting = [&](BlockArgument arg, int64_t value) {
      auto &values = headValues[{pc, arg.getArgNumber()}];
      if (values.size() <= options.widenAfterStates)
        values.insert(value);
      return values.size() > options.widenAfterStates;
    };
    auto comparedWithUnknown = [&](BlockArgument arg) {
      for (Operation *user : arg.getUsers())
        if (auto cmp = dyn_cast<arith::CmpIOp>(user)) {
          Value other = cmp.getLhs() == arg ? cmp.getRhs() : cmp.getLhs();
          // A constant is a known bound even where this state has not
          // reached its definition yet (one in the loop's own block).
          if (!getInt(s, other) && !matchPattern(other, m_Constant()))
            return true;
        }
      return false;
    };
    bool changed = false;
    for (BlockArgument arg : block->getArguments()) {
      if (const AbsVal *val = get(s, arg))
        if (val->kind == AbsVal::Kind::Int &&
            (keepsCounting(arg, val->intValue) || comparedWithUnknown(arg))) {
          clear(s, arg);
          changed = true;
        }
    }
    for (BufferRecord &b : s.buffers) {
      if (!widenAll)
        break;
      size_t before = b.contents.size();
      llvm::erase_if(b.contents, [](const std::pair<int64_t, AbsVal> &cell) {
        return cell.second.kind == AbsVal::Kind::Int;
      });
      changed |= before != b.contents.size();
    }
    if (changed)
      canonicalize(s);
  }
  auto print = s.fingerprint();
  auto found = seenByFingerprint.find(print);
  std::optional<std::pair<uint64_t, uint64_t>> shape;
  if (options.mergeBooleanStates && found == seenByFingerprint.end()) {
    shape = s.shapeFingerprint();
    auto waiting = waitingByShape.find(*shape);
    if (waiting != waitingByShape.end()) {
      uint32_t slot = waiting->second;
      PathState &into = slots[slot];
      if (into.sameShape(s) && mergeBooleans(into, s)) {
        seenByFingerprint.try_emplace(print, into.hits);
        seenByFingerprint.try_emplace(into.fingerprint(), into.hits);
        // Dropping an assumption changes the shape.
        auto newShape = into.shapeFingerprint();
        if (newShape != *shape) {
          waitingByShape.erase(waiting);
          slotShapes[slot] = newShape;
          waitingByShape[newShape] = slot;
        }
        return;
      }
    }
  }
  std::pair<uint64_t, uint64_t> cover;
  if (found == seenByFingerprint.end()) {
    // A state seen with a subset of this one's assumptions covers it.
    cover = s.coverFingerprint();
    auto seen = seenByCover.find(cover);
    if (seen != seenByCover.end())
      for (const auto &[assumed, seenPrint] : seen->second)
        if (std::includes(s.assignment.begin(), s.assignment.end(),
                          assumed.begin(), assumed.end())) {
          found = seenByFingerprint.find(seenPrint);
          break;
        }
  }
  if (found != seenByFingerprint.end()) {
    // Merge: the old state's paths already cover this one, except for the
    // all-paths verdict, which needs the intersection of the hits.
    SmallVector<uint32_t, 2> &oldHits = found->second;
    SmallVector<uint32_t, 2> common;
    std::set_intersection(oldHits.begin(), oldHits.end(), s.hits.begin(),
                          s.hits.end(), std::back_inserter(common));
    if (common.size() == oldHits.size())
      return;
    oldHits = common;
    s.hits = common;
    push(std::move(s));
    return;
  }
  if (count >= options.maxStatesPerPoint) {
    stop(AnalysisBound::StatesPerPoint, pc, options.maxStatesPerPoint,
         "too many distinct states at one program point");
    return;
  }
  ++count;
  seenByFingerprint.try_emplace(print, s.hits);
  auto &sameCover = seenByCover[cover];
  if (sameCover.size() < kMaxStatesPerCover)
    sameCover.emplace_back(s.assignment, print);
  push(std::move(s), shape);
}

bool FunctionExplorer::mergeBooleans(PathState &into, PathState &s) {
  // The selector: an assumed atom the two paths disagree on (then the merged
  // path no longer assumes it), or a fresh atom.
  std::optional<size_t> differing;
  for (size_t i = 0; i < into.assignment.size(); ++i) {
    if (into.assignment[i].second == s.assignment[i].second)
      continue;
    if (differing)
      return false; // (a && b) || (!a && !b) is not an assumption
    differing = i;
  }
  uint32_t fresh = std::max(into.nextAtom, s.nextAtom);
  BoolFn x = BoolFn::atom(fresh);
  if (differing) {
    auto [atom, value] = into.assignment[*differing];
    x = value ? BoolFn::atom(atom) : BoolFn::atom(atom).negate();
  }
  BoolFn notX = x.negate();
  SmallVector<std::pair<size_t, BoolFn>> merged;
  for (size_t i = 0; i < into.env.size(); ++i) {
    const AbsVal &a = into.env[i].second;
    const AbsVal &b = s.env[i].second;
    if (a.kind != AbsVal::Kind::Bool || a.boolValue == b.boolValue)
      continue;
    auto whenX = BoolFn::combine(x, a.boolValue, BoolFn::Op::And);
    auto whenNotX = BoolFn::combine(notX, b.boolValue, BoolFn::Op::And);
    if (!whenX || !whenNotX)
      return false;
    auto value = BoolFn::combine(*whenX, *whenNotX, BoolFn::Op::Or);
    if (!value)
      return false;
    merged.emplace_back(i, *value);
  }
  for (auto &[i, value] : merged)
    into.env[i].second.boolValue = std::move(value);
  if (differing)
    into.assignment.erase(into.assignment.begin() + *differing);
  else if (!merged.empty())
    into.nextAtom = fresh + 1;
  SmallVector<uint32_t, 2> common;
  std::set_intersection(into.hits.begin(), into.hits.end(), s.hits.begin(),
                        s.hits.end(), std::back_inserter(common));
  into.hits = std::move(common);
  into.addTrace(TraceStep::Kind::Merge, into.pc);
  ++into.forks;
  canonicalizeAtoms(into);
  return true;
}

void FunctionExplorer::push(
    PathState &&s, std::optional<std::pair<uint64_t, uint64_t>> shape) {
  uint32_t slot;
  uint32_t bytes = s.approximateBytes();
  if (!freeSlots.empty()) {
    slot = freeSlots.back();
    freeSlots.pop_back();
    slots[slot] = std::move(s);
    slotShapes[slot] = shape;
    slotBytes[slot] = bytes;
  } else {
    slot = slots.size();
    slots.push_back(std::move(s));
    slotShapes.push_back(shape);
    slotBytes.push_back(bytes);
  }
  waitingBytes += bytes;
  // The waiting paths are most of the memory, and one op can queue many.
  if (options.maxBytesPerFunction && waitingBytes > options.maxBytesPerFunction)
    overResourceBounds(slots[slot].pc);
  if (shape)
    waitingByShape[*shape] = slot;
  QueueEntry entry;
  entry.seq = nextSeq++;
  entry.slot = slot;
  if (options.mergeBooleanStates) {
    const PathState &state = slots[slot];
    for (Operation *call : state.callStack)
      entry.key.push_back(ctx.position(call));
    entry.key.push_back(ctx.position(state.pc));
  }
  queue.push_back(std::move(entry));
  // A max-heap on priority: the smallest key, then the newest path.
  std::push_heap(queue.begin(), queue.end(), queueLess);
}

PathState FunctionExplorer::pop() {
  std::pop_heap(queue.begin(), queue.end(), queueLess);
  uint32_t slot = queue.back().slot;
  queue.pop_back();
  if (auto &shape = slotShapes[slot]) {
    auto it = waitingByShape.find(*shape);
    if (it != waitingByShape.end() && it->second == slot)
      waitingByShape.erase(it);
    shape.reset();
  }
  freeSlots.push_back(slot);
  waitingBytes -= slotBytes[slot];
  ++paths;
  return std::move(slots[slot]);
}

uint64_t FunctionExplorer::estimateBytes() const {
  // The waiting states, the slots kept for reuse, and the tables of seen
  // states and cached verdicts (an entry and its hash node each).
  constexpr uint64_t kNode = 48;
  uint64_t bytes = waitingBytes + slots.capacity() * sizeof(PathState) +
                   queue.capacity() * sizeof(QueueEntry);
  bytes += seenByFingerprint.size() * (kNode + 16 + sizeof(SmallVector<uint32_t, 2>));
  for (const auto &entry : seenByCover)
    bytes += kNode + 16 + entry.second.size() * (sizeof(Assignment) + 16);
  bytes += waitingByShape.size() * (kNode + 20);
  bytes += liveVerdicts.size() * (kNode + sizeof(LiveVerdicts));
  bytes += livenessCache.size() * (8 + sizeof(LocalLiveness));
  return bytes;
}

bool FunctionExplorer::overResourceBounds(Operation *where) {
  uint64_t bytes = estimateBytes();
  peakBytes = std::max(peakBytes, bytes);
  if (options.maxBytesPerFunction && bytes > options.maxBytesPerFunction) {
    stop(AnalysisBound::Memory, where, double(options.maxBytesPerFunction),
         "memory limit reached");
    return true;
  }
  if (options.maxSecondsPerFunction > 0) {
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - startTime;
    if (elapsed.count() > options.maxSecondsPerFunction) {
      stop(AnalysisBound::Time, where, options.maxSecondsPerFunction,
           "time limit reached");
      return true;
    }
  }
  return false;
}

void FunctionExplorer::finishPath(PathState &s, Operation *exitOp) {
  llvm::BitVector none(s.buffers.size());
  checkLeaksOnLoss(s, exitOp, none);
  if (!terminalHits) {
    terminalHits = SmallVector<uint32_t, 4>(s.hits.begin(), s.hits.end());
  } else {
    SmallVector<uint32_t, 4> common;
    std::set_intersection(terminalHits->begin(), terminalHits->end(),
                          s.hits.begin(), s.hits.end(),
                          std::back_inserter(common));
    *terminalHits = std::move(common);
  }
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

void FunctionExplorer::bindForwarded(PathState &s, ValueRange from,
                                     ValueRange to) {
  SmallVector<std::optional<AbsVal>> vals;
  for (Value v : from) {
    const AbsVal *val = get(s, v);
    vals.push_back(val ? std::optional<AbsVal>(*val) : std::nullopt);
  }
  for (auto [i, target] : llvm::enumerate(to)) {
    if (i < vals.size() && vals[i]) {
      clear(s, target);
      set(s, target, *vals[i]);
    } else {
      setUnknown(s, target);
    }
  }
}

void FunctionExplorer::markEscaped(PathState &s, Value v) {
  const AbsVal *val = get(s, v);
  if (!val ||
      (val->kind != AbsVal::Kind::Ref && val->kind != AbsVal::Kind::Select))
    return;
  val->forEachLeaf([&](const AbsVal &ref) {
    BufferRecord &b = s.buffers[ref.buffer];
    b.escaped = true;
    b.contents.clear();
  });
}

void FunctionExplorer::checkUse(PathState &s, Operation *op, Value v,
                                UseKind use) {
  const AbsVal *val = get(s, v);
  if (!val)
    return;
  // A Select reaches here only when all of its buffers are alive (see
  // selectPassesThrough).
  if (val->kind == AbsVal::Kind::Select)
    val->forEachLeaf(
        [&](const AbsVal &ref) { assert(!s.buffers[ref.buffer].freed); });
  if (val->kind != AbsVal::Kind::Ref)
    return;
  BufferRecord &b = s.buffers[val->buffer];
  if (!b.freed)
    return;
  LifetimeEvent event;
  event.kind = LifetimeEventKind::UseAfterFree;
  event.use = use;
  event.op = op;
  event.buffer = b.root;
  event.alias = v;
  event.relatedOp = b.freeSite;
  report(s, std::move(event), val->buffer);
}

void FunctionExplorer::freeValue(PathState &s, Operation *op, Value v,
                                 Deallocator family) {
  const AbsVal *val = get(s, v);
  if (!val || val->kind != AbsVal::Kind::Ref)
    return;
  uint32_t id = val->buffer;
  BufferRecord &b = s.buffers[id];
  LifetimeEvent event;
  event.op = op;
  event.buffer = b.root;
  event.alias = v;
  event.allocFamily = b.deallocator;
  event.freeFamily = family;
  event.kind = LifetimeEventKind::InvalidFree;
  event.relatedOp = b.site;
  if (val->interior) {
    event.reason = InvalidFreeReason::InteriorView;
    report(s, std::move(event), id);
    return;
  }
  switch (b.origin) {
  case BufferOrigin::Heap:
    break;
  case BufferOrigin::Stack:
    event.reason = InvalidFreeReason::Stack;
    report(s, std::move(event), id);
    return;
  case BufferOrigin::Global:
    event.reason = InvalidFreeReason::Global;
    report(s, std::move(event), id);
    return;
  case BufferOrigin::NotOwned:
    event.reason = InvalidFreeReason::NotOwned;
    report(s, std::move(event), id);
    return;
  case BufferOrigin::Argument:
    // The caller owns it; like every invalid free, this one changes nothing
    // on the path (callers in the module see the free through inlining).
    event.reason = InvalidFreeReason::Argument;
    report(s, std::move(event), id);
    if (summaryOut && !b.freed) {
      b.freed = true;
      b.freeSite = op;
    }
    return;
  }
  if (b.freed) {
    event.kind = LifetimeEventKind::DoubleFree;
    event.relatedOp = b.freeSite;
    report(s, std::move(event), id);
    return;
  }
  if (b.deallocator != family) {
    event.reason = InvalidFreeReason::MismatchedDeallocator;
    report(s, std::move(event), id);
  }
  b.freed = true;
  b.freeSite = op;
  b.contents.clear();
  s.addTrace(TraceStep::Kind::Free, op, 0, b.site);
}

void FunctionExplorer::createBuffer(PathState &s, Value result,
                                    BufferOrigin origin, Deallocator family,
                                    Operation *site) {
  BufferRecord b;
  b.origin = origin;
  b.deallocator = family;
  b.site = site;
  b.leakSite = site;
  b.root = result;
  uint32_t id = s.buffers.size();
  s.buffers.push_back(std::move(b));
  clear(s, result);
  set(s, result, AbsVal::getRef(id, false));
  if (site) {
    s.addTrace(TraceStep::Kind::Alloc, site, 0, site);
    if (allocSites.insert(site).second)
      ++stats.buffers;
  }
}

bool FunctionExplorer::decideAlias(PathState &s, uint32_t a,
                                                  uint32_t b) {
  if (a == b)
    return true;
  auto isOwnedObject = [&](uint32_t id) {
    BufferOrigin o = s.buffers[id].origin;
    return o == BufferOrigin::Heap || o == BufferOrigin::Stack;
  };
  if (isOwnedObject(a) || isOwnedObject(b))
    return false;
  uint32_t x = std::min(a, b), y = std::max(a, b);
  uint32_t atom = ~0u;
  for (auto [p, q, at] : s.aliasAtoms)
    if (p == x && q == y)
      atom = at;
  if (atom == ~0u) {
    atom = s.freshAtom();
    s.aliasAtoms.emplace_back(x, y, atom);
    llvm::sort(s.aliasAtoms);
  }
  return decide(s, BoolFn::atom(atom));
}

std::optional<int64_t> FunctionExplorer::linearIndex(PathState &s,
                                                     Value memref,
                                                     ValueRange indices) {
  const AbsVal *val = get(s, memref);
  if (!val || val->kind != AbsVal::Kind::Ref || val->interior)
    return std::nullopt;
  Value rootValue = s.buffers[val->buffer].root;
  auto rootType = dyn_cast_or_null<MemRefType>(rootValue ? rootValue.getType()
                                                         : Type());
  if (!rootType || !rootType.hasStaticShape() ||
      !rootType.getLayout().isIdentity() ||
      rootType.getRank() != (int64_t)indices.size() ||
      getCheckedNumElements(rootType).value_or(INT64_MAX) > 4096)
    return std::nullopt;
  int64_t linear = 0;
  for (auto [i, index] : llvm::enumerate(indices)) {
    auto v = getInt(s, index);
    if (!v || *v < 0 || *v >= rootType.getDimSize(i))
      return std::nullopt;
    linear = linear * rootType.getDimSize(i) + *v;
  }
  return linear;
}

BoolFn FunctionExplorer::compareAtom(PathState &s, Value lhs, Value rhs,
                                     arith::CmpIPredicate pred) {
  using P = arith::CmpIPredicate;
  uint32_t ln = ctx.number(lhs), rn = ctx.number(rhs);
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

BoolFn FunctionExplorer::equalsConstantAtom(PathState &s, Value value,
                                            int64_t constant) {
  uint32_t n = ctx.number(value);
  for (const CmpAtom &c : s.cmpAtoms)
    if (c.lhs == n && c.predicateClass == CmpAtom::kEqualsConstant &&
        c.constant == constant)
      return BoolFn::atom(c.atom);
  uint32_t atom = s.freshAtom();
  s.cmpAtoms.push_back({n, n, CmpAtom::kEqualsConstant, atom, constant});
  return BoolFn::atom(atom);
}

bool FunctionExplorer::stepArith(PathState &s, Operation *op) {
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
      return v && (v->kind == AbsVal::Kind::Ref ||
                   v->kind == AbsVal::Kind::Select);
    };
    if (isBuffer(t) && isBuffer(f) && !condition.evaluate(s.assignment) &&
        t->getSize() + f->getSize() < AbsVal::kMaxSelectSize) {
      AbsVal val =
          AbsVal::getSelect(condition.restrict(s.assignment), *t, *f);
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
      bool same = decideAlias(s, a, b);
      clear(s, result);
      set(s, result, AbsVal::getBool(BoolFn::constant(same == (pred == P::eq))));
      return true;
    }
    // Flags: `eq` is not-xor, `ne` is xor, of their boolean functions.
    if (lhs.getType().isInteger(1) && (pred == P::eq || pred == P::ne)) {
      BoolFn a = getBool(s, lhs), b = getBool(s, rhs);
      auto fn = BoolFn::combine(a, b, BoolFn::Op::Xor);
      if (!fn)
        fn = BoolFn::combine(a.restrict(s.assignment),
                             b.restrict(s.assignment), BoolFn::Op::Xor);
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
        AbsVal::getInt(!flag ? 0 : isa<arith::ExtUIOp>(op) ? 1 : -1));
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
  if (auto ptr = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(op)) {
    const AbsVal *val = get(s, ptr.getSource());
    clear(s, ptr.getResult());
    if (val && val->kind == AbsVal::Kind::Ref && !val->interior)
      set(s, ptr.getResult(), AbsVal::getPtr(val->buffer));
    return true;
  }
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    clear(s, dim.getResult());
    auto index = getInt(s, dim.getIndex());
    auto type = dyn_cast<MemRefType>(dim.getSource().getType());
    if (!index || !type || *index < 0 || *index >= type.getRank())
      return true;
    if (!type.isDynamicDim(*index)) {
      set(s, dim.getResult(), AbsVal::getInt(type.getDimSize(*index)));
      return true;
    }
    const AbsVal *val = get(s, dim.getSource());
    if (val && val->kind == AbsVal::Kind::Ref && !val->interior) {
      Value rootValue = s.buffers[val->buffer].root;
      auto rootType =
          dyn_cast_or_null<MemRefType>(rootValue ? rootValue.getType() : Type());
      if (rootType && rootType.getRank() == type.getRank() &&
          !rootType.isDynamicDim(*index))
        set(s, dim.getResult(), AbsVal::getInt(rootType.getDimSize(*index)));
    }
    return true;
  }
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    checkUse(s, op, load.getMemRef(), UseKind::Read);
    auto index = linearIndex(s, load.getMemRef(), load.getIndices());
    const AbsVal *memVal = get(s, load.getMemRef());
    std::optional<AbsVal> loaded;
    if (index && memVal) {
      for (const auto &cell : s.buffers[memVal->buffer].contents)
        if (cell.first == *index)
          loaded = cell.second;
    }
    if (loaded) {
      clear(s, load.getResult());
      set(s, load.getResult(), *loaded);
    } else {
      setUnknown(s, load.getResult());
    }
    return true;
  }
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    checkUse(s, op, store.getMemRef(), UseKind::Write);
    if (isa<BaseMemRefType>(store.getValueToStore().getType()))
      markEscaped(s, store.getValueToStore());
    const AbsVal *memVal = get(s, store.getMemRef());
    if (!memVal || memVal->kind != AbsVal::Kind::Ref)
      return true;
    uint32_t id = memVal->buffer;
    auto index = linearIndex(s, store.getMemRef(), store.getIndices());
    auto &contents = s.buffers[id].contents;
    if (!index) {
      contents.clear();
      return true;
    }
    // Contents are tracked for what can steer the analysis: flags (i1),
    // indices and buffers. Other integers (data) are not, so that a loop
    // filling an i32 array does not make every iteration a new state.
    Type storedType = store.getValueToStore().getType();
    const AbsVal *stored =
        storedType.isInteger(1) || storedType.isIndex() ||
                isa<BaseMemRefType, LLVM::LLVMPointerType>(storedType)
            ? get(s, store.getValueToStore())
            : nullptr;
    auto it = llvm::lower_bound(contents, *index,
                                [](const std::pair<int64_t, AbsVal> &c,
                                   int64_t key) { return c.first < key; });
    if (it != contents.end() && it->first == *index) {
      if (stored)
        it->second = *stored;
      else
        contents.erase(it);
    } else if (stored) {
      contents.insert(it, {*index, *stored});
    }
    return true;
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
        if (auto attr = dyn_cast_or_null<IntegerAttr>(
                dyn_cast<Attribute>(folded[0]))) {
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

void FunctionExplorer::escapeCaptured(PathState &s, Operation *op) {
  if (op->getNumRegions() == 0)
    return;
  // Nested ops with known effects that free nothing only use what they
  // capture; anything else may keep or free it, so it escapes.
  op->walk([&](Operation *nested) {
    if (nested == op)
      return;
    const OpMemoryInfo &info = ctx.getMemoryInfo(nested);
    bool benign = !info.unknownEffects && !isa<CallOpInterface>(nested) &&
                  info.frees.empty() && info.allocations.empty() &&
                  !isa<bufferization::DeallocOp>(nested);
    for (Value operand : nested->getOperands()) {
      if (op->isProperAncestor(operand.getParentRegion()->getParentOp()) ||
          operand.getParentRegion()->getParentOp() == op)
        continue;
      if (!benign)
        markEscaped(s, operand);
    }
    if (benign)
      for (const AccessInfo &access : info.accesses)
        if (!op->isAncestor(Value(access.operand).getParentRegion()->getParentOp()))
          checkUse(s, op, access.operand,
                   access.write ? UseKind::Write : UseKind::Read);
  });
}

void FunctionExplorer::stepUnknown(PathState &s, Operation *op) {
  if (unknownOps.insert(op).second) {
    ++stats.unknownEffectOps;
    ++stats.unknownEffectOpNames[op->getName().getStringRef().str()];
  }
  for (Value operand : op->getOperands())
    markEscaped(s, operand);
  escapeCaptured(s, op);
  for (Value result : op->getResults())
    setUnknown(s, result);
}

void FunctionExplorer::stepGeneric(PathState &s, Operation *op) {
  const OpMemoryInfo &info = ctx.getMemoryInfo(op);
  // Uses first (a realloc reads its source before freeing it).
  for (const AccessInfo &access : info.accesses)
    checkUse(s, op, access.operand,
             access.write ? UseKind::Write : UseKind::Read);
  for (const AccessInfo &access : info.accesses)
    if (access.write)
      if (const AbsVal *val = get(s, access.operand))
        if (val->kind == AbsVal::Kind::Ref)
          s.buffers[val->buffer].contents.clear();
  for (const FreeInfo &free : info.frees)
    freeValue(s, op, free.operand, free.deallocator);

  SmallPtrSet<void *, 4> defined;
  for (const AliasInfo &alias : info.aliases) {
    const AbsVal *src = get(s, alias.source);
    defined.insert(alias.result.getAsOpaquePointer());
    auto view = [&](bool interior) {
      return alias.kind == AliasInfo::Kind::Interior ||
             (alias.kind == AliasInfo::Kind::Cast && interior);
    };
    if (src && src->kind == AbsVal::Kind::Ref) {
      AbsVal val = AbsVal::getRef(src->buffer, view(src->interior));
      clear(s, alias.result);
      set(s, alias.result, val);
    } else if (src && src->kind == AbsVal::Kind::Select) {
      AbsVal val = src->mapLeaves([&](const AbsVal &ref) {
        return AbsVal::getRef(ref.buffer, view(ref.interior));
      });
      clear(s, alias.result);
      set(s, alias.result, val);
    } else {
      clear(s, alias.result);
    }
  }
  for (const AllocationInfo &alloc : info.allocations) {
    defined.insert(alloc.result.getAsOpaquePointer());
    createBuffer(s, alloc.result, alloc.origin, alloc.deallocator, op);
  }
  if (info.unknownEffects) {
    stepUnknown(s, op);
    return;
  }
  // Regions we do not enter (linalg bodies, ...): what they capture escapes.
  escapeCaptured(s, op);
  // A memref result we cannot explain may alias any memref operand.
  bool unexplained = llvm::any_of(op->getResults(), [&](Value r) {
    return isa<BaseMemRefType>(r.getType()) &&
           !defined.contains(r.getAsOpaquePointer());
  });
  if (unexplained)
    for (Value operand : op->getOperands())
      markEscaped(s, operand);
  for (Value result : op->getResults())
    if (!defined.contains(result.getAsOpaquePointer()))
      setUnknown(s, result);
}

void FunctionExplorer::concretizeSelects(PathState &s, Operation *op) {
  for (OpOperand &operand : op->getOpOperands()) {
    const AbsVal *val = get(s, operand.get());
    if (!val || val->kind != AbsVal::Kind::Select)
      continue;
    std::optional<bool> decided = val->boolValue.evaluate(s.assignment);
    if (!decided && selectPassesThrough(s, op, operand, *val))
      continue;
    // Down the tree to one leaf, deciding each condition on the way: a fork
    // per undecided one (the other path re-runs `op` from the start), so
    // one path per leaf the path can reach.
    // This path takes the smaller arm at each node, so that few paths wait
    // at once: the one that takes the larger arm re-runs `op` and splits
    // again only when it runs.
    AbsVal select = *val;
    while (select.kind == AbsVal::Kind::Select) {
      std::optional<bool> known = select.boolValue.evaluate(s.assignment);
      bool smallerArm = select.choose(true).getSize() <=
                        select.choose(false).getSize();
      bool condition =
          known ? *known : decide(s, select.boolValue, smallerArm);
      AbsVal chosen = select.choose(condition);
      select = std::move(chosen);
    }
    set(s, operand.get(), select);
  }
}

bool FunctionExplorer::selectPassesThrough(PathState &s, Operation *op,
                                           OpOperand &operand,
                                           const AbsVal &val) {
  // Control flow forwards values as they are.
  if (op->getNumSuccessors() != 0)
    return isa<BranchOpInterface>(op);
  if (op->hasTrait<OpTrait::IsTerminator>()) {
    Operation *parent = op->getParentOp();
    return isa<RegionBranchOpInterface>(parent) && !ctx.isBoundary(parent);
  }
  if (isa<RegionBranchOpInterface>(op) && op->getNumRegions() != 0 &&
      !isa<CallOpInterface>(op))
    return true;
  if (op->getNumRegions() != 0 || isa<CallOpInterface>(op))
    return false;
  // A select of selects is a larger tree (see stepArith).
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return select.getCondition().getType().isInteger(1) &&
           operand.get() != select.getCondition();
  bool quiet = true;
  val.forEachLeaf([&](const AbsVal &ref) {
    const BufferRecord &b = s.buffers[ref.buffer];
    quiet &= !b.freed && b.contents.empty();
  });
  Value v = operand.get();
  if (isa<memref::LoadOp>(op))
    return quiet;
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    Type stored = store.getValueToStore().getType();
    bool tracked = stored.isInteger(1) || stored.isIndex() ||
                   isa<BaseMemRefType, LLVM::LLVMPointerType>(stored);
    return quiet && !tracked && v != store.getValueToStore();
  }
  // The ops stepArith handles read more than effects (dim, pointers).
  if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
      isa<memref::DimOp, memref::ExtractAlignedPointerAsIndexOp,
          bufferization::DeallocOp>(op))
    return false;
  const OpMemoryInfo &info = ctx.getMemoryInfo(op);
  if (info.unknownEffects || !info.frees.empty() || !info.allocations.empty())
    return false;
  bool used = false;
  for (const AccessInfo &access : info.accesses)
    if (access.operand == v) {
      if (!quiet)
        return false;
      used = true;
    }
  for (const AliasInfo &alias : info.aliases)
    if (alias.source == v)
      used = true;
  if (!used)
    return false;
  // Every memref result is explained (see stepGeneric), and v has no other
  // role in the op.
  for (Value result : op->getResults())
    if (isa<BaseMemRefType>(result.getType()) &&
        llvm::none_of(info.aliases, [&](const AliasInfo &alias) {
          return alias.result == result;
        }))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

/// Loops with at most this many trips are always unrolled exactly.
static constexpr int64_t kAlwaysUnrolledTrips = 4;

/// True when a loop carries values the analysis tracks from one iteration to
/// the next: i1 or index iteration arguments, or i1/index elements stored in
/// or loaded from memory (ownership flags and pointers, as in the output of
/// the deallocation pipeline).
bool FunctionExplorer::tracksScalarsAcrossIterations(LoopLikeOpInterface loop) {
  auto [it, inserted] = exactLoops.try_emplace(loop.getOperation(), false);
  if (!inserted)
    return it->second;
  auto tracked = [](Type t) { return t.isInteger(1) || t.isIndex(); };
  bool result = llvm::any_of(loop.getRegionIterArgs(), [&](BlockArgument a) {
    return tracked(a.getType());
  });
  if (!result)
    loop->walk([&](Operation *op) {
      if (auto load = dyn_cast<memref::LoadOp>(op))
        result |= tracked(load.getResult().getType());
      else if (auto store = dyn_cast<memref::StoreOp>(op))
        result |= tracked(store.getValueToStore().getType());
    });
  it->second = result;
  return result;
}

static bool hasSingleInductionVar(LoopLikeOpInterface loop);

const FunctionExplorer::InductionVarUses &
FunctionExplorer::getInductionVarUses(LoopLikeOpInterface loop) {
  auto [it, inserted] = inductionVarUses.try_emplace(loop.getOperation());
  InductionVarUses &result = it->second;
  if (!inserted)
    return result;
  // Elements whose contents the state never holds (see the memref.store
  // step): which element an iteration reads or writes makes no difference.
  auto untracked = [](Type memrefType) {
    Type element = cast<BaseMemRefType>(memrefType).getElementType();
    return !element.isInteger(1) && !element.isIndex() &&
           !isa<BaseMemRefType, LLVM::LLVMPointerType>(element);
  };
  Value iv = loop.getLoopInductionVars()->front();
  SmallVector<Value> worklist = {iv};
  DenseSet<Value> seen;
  bool limited = true;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        if (use.getOperandNumber() >= 1 && untracked(load.getMemRefType()))
          continue;
      } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
        if (use.getOperandNumber() >= 2 && untracked(store.getMemRefType()))
          continue;
      } else if (auto cmp = dyn_cast<arith::CmpIOp>(user);
                 cmp && v == iv &&
                 matchPattern(cmp.getLhs() == iv ? cmp.getRhs() : cmp.getLhs(),
                              m_Constant())) {
        // Its outcome is checked against the remaining iterations.
        result.comparisons.push_back(cmp);
        continue;
      } else if (user->getNumRegions() == 0 &&
                 !user->hasTrait<OpTrait::IsTerminator>() &&
                 isMemoryEffectFree(user)) {
        llvm::append_range(worklist, user->getResults());
        continue;
      }
      limited = false;
    }
  }
  result.limited = limited;
  return result;
}

bool FunctionExplorer::comparisonsAreConstant(const InductionVarUses &uses,
                                              int64_t first, int64_t last) {
  for (arith::CmpIOp cmp : uses.comparisons) {
    // One side is the variable, the other a constant.
    bool ivOnLeft = !matchPattern(cmp.getLhs(), m_Constant());
    APInt constant;
    if (!matchPattern(ivOnLeft ? cmp.getRhs() : cmp.getLhs(),
                      m_ConstantInt(&constant)))
      return false;
    APInt c = constant.sextOrTrunc(64);
    auto outcome = [&](int64_t value) {
      APInt v(64, value, /*isSigned=*/true);
      return ivOnLeft ? arith::applyCmpPredicate(cmp.getPredicate(), v, c)
                      : arith::applyCmpPredicate(cmp.getPredicate(), c, v);
    };
    // Every predicate is monotone in the variable over a range that does
    // not wrap (unsigned order: non-negative values), except eq and ne,
    // which change only at the constant.
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::eq:
    case arith::CmpIPredicate::ne:
      if (c.getSExtValue() >= first && c.getSExtValue() <= last &&
          first != last)
        return false;
      continue;
    case arith::CmpIPredicate::ult:
    case arith::CmpIPredicate::ule:
    case arith::CmpIPredicate::ugt:
    case arith::CmpIPredicate::uge:
      if (first < 0)
        return false;
      break;
    default:
      break;
    }
    if (outcome(first) != outcome(last))
      return false;
  }
  return true;
}

bool FunctionExplorer::leaveConvergedLoop(PathState &s, Operation *pc) {
  Block *block = pc->getBlock();
  auto loop = dyn_cast<LoopLikeOpInterface>(block->getParentOp());
  if (!loop || &block->front() != pc || !block->isEntryBlock() ||
      !hasSingleInductionVar(loop) ||
      loop.getLoopRegions().front() != block->getParent())
    return false;
  Value iv = loop.getLoopInductionVars()->front();
  auto ivValue = getInt(s, iv);
  auto stepSize = getInt(s, loop.getLoopSteps()->front());
  auto results = loop.getLoopResults();
  if (!ivValue || !stepSize || *stepSize <= 0 || !results ||
      results->size() != loop.getRegionIterArgs().size())
    return false;
  const InductionVarUses &uses = getInductionVarUses(loop);
  if (!uses.limited)
    return false;
  uint32_t n = ctx.number(iv);
  AbsVal saved = *s.lookup(n);
  s.unbind(n);
  auto print = s.fingerprint();
  s.bind(n, saved);
  Operation *op = loop.getOperation();
  auto *mark = llvm::find_if(s.iterationMarks, [&](const auto &m) {
    return m.loop == op;
  });
  // The iteration from the mark reproduced its state; so does every later
  // one when the comparisons of the variable keep their outcome up to the
  // last iteration.
  auto converged = [&] {
    if (uses.comparisons.empty())
      return true;
    auto ub = getInt(s, loop.getLoopUpperBounds()->front());
    return ub && comparisonsAreConstant(uses, mark->inductionValue, *ub - 1);
  };
  // The results are the iteration arguments at this head. An argument the
  // body does not read was dropped from the state: its result is the value
  // the body yields for it, known here only when defined outside the loop.
  SmallVector<Value> sources;
  auto yielded = loop.getYieldedValues();
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    Value source = arg;
    // Values of types the state never holds (floats, vectors, ...) are
    // unknown at the head and in the result alike.
    bool tracked = isa<IntegerType, IndexType, BaseMemRefType,
                       LLVM::LLVMPointerType>(arg.getType());
    if (tracked && !get(s, arg) && !(*results)[i].use_empty()) {
      Value y = i < yielded.size() ? yielded[i] : Value();
      if (!y || op->isAncestor(y.getParentRegion()->getParentOp()))
        return false;
      source = y;
    }
    sources.push_back(source);
  }
  if (mark != s.iterationMarks.end() && mark->print == print &&
      mark->inductionValue + *stepSize == *ivValue &&
      converged()) {
    s.iterationMarks.erase(mark);
    bindForwarded(s, sources, *results);
    s.addTrace(TraceStep::Kind::Iteration, op, 0);
    join(std::move(s), op->getNextNode());
    return true;
  }
  if (mark == s.iterationMarks.end())
    s.iterationMarks.push_back({op, *ivValue, print, s.forks});
  else
    *mark = {op, *ivValue, print, s.forks};
  return false;
}

static bool hasSingleInductionVar(LoopLikeOpInterface loop) {
  auto ivs = loop.getLoopInductionVars();
  return ivs && ivs->size() == 1 && loop.getLoopLowerBounds() &&
         loop.getLoopUpperBounds() && loop.getLoopSteps() &&
         loop.getLoopRegions().size() == 1;
}

bool FunctionExplorer::stepLoopEntry(PathState &s, LoopLikeOpInterface loop) {
  Operation *op = loop.getOperation();
  auto branch = cast<RegionBranchOpInterface>(op);
  Region *body = loop.getLoopRegions().front();
  auto lb = getInt(s, loop.getLoopLowerBounds()->front());
  auto ub = getInt(s, loop.getLoopUpperBounds()->front());
  auto stepSize = getInt(s, loop.getLoopSteps()->front());
  std::optional<int64_t> trips;
  // Checked: bounds near the ends of int64_t (scf.for from -2 to INT64_MAX)
  // leave the trip count unknown instead of overflowing.
  if (lb && ub && stepSize && *stepSize > 0) {
    if (*ub <= *lb) {
      trips = 0;
    } else if (std::optional<int64_t> span = llvm::checkedSub(*ub, *lb)) {
      if (std::optional<int64_t> rounded =
              llvm::checkedAdd(*span, *stepSize - 1))
        trips = *rounded / *stepSize;
    }
  }
  Value iv = loop.getLoopInductionVars()->front();
  // Unroll exactly only where iterations can differ for the analysis (they
  // carry tracked scalars, or compare the induction variable); otherwise
  // explore at least one trip and iterate to a fixpoint.
  bool exact = trips && (*trips <= kAlwaysUnrolledTrips ||
                         (*trips <= (int64_t)options.maxUnrolledTrips &&
                          (tracksScalarsAcrossIterations(loop) ||
                           !getInductionVarUses(loop).comparisons.empty())));

  auto enter = [&](PathState t) {
    RegionSuccessor succ(body, body->getArguments());
    SmallVector<RegionSuccessor> succs;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), succs);
    for (RegionSuccessor &candidate : succs)
      if (candidate.getSuccessor() == body)
        succ = candidate;
    bindForwarded(t, branch.getEntrySuccessorOperands(succ),
                  succ.getSuccessorInputs());
    clear(t, iv);
    if (exact)
      set(t, iv, AbsVal::getInt(*lb));
    t.addTrace(TraceStep::Kind::Iteration, op, 1);
    join(std::move(t), &body->front().front());
  };
  auto skip = [&](PathState t) {
    SmallVector<RegionSuccessor> succs;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), succs);
    for (RegionSuccessor &candidate : succs)
      if (candidate.isParent())
        bindForwarded(t, branch.getEntrySuccessorOperands(candidate),
                      op->getResults());
    t.addTrace(TraceStep::Kind::Iteration, op, 0);
    forgetIterationMark(t, op);
    join(std::move(t), op->getNextNode());
  };
  if (trips && *trips == 0) {
    skip(std::move(s));
  } else if (trips) {
    enter(std::move(s));
  } else {
    // Whether the loop runs at all is `lb < ub`: the same atom as any other
    // loop or comparison over the same bounds, so loops sharing a trip count
    // are entered together.
    Value lbValue = dyn_cast<Value>(loop.getLoopLowerBounds()->front());
    Value ubValue = dyn_cast<Value>(loop.getLoopUpperBounds()->front());
    if (lbValue && ubValue && stepSize && *stepSize > 0) {
      bool runs = decide(s, compareAtom(s, lbValue, ubValue,
                                        arith::CmpIPredicate::slt));
      if (runs)
        enter(std::move(s));
      else
        skip(std::move(s));
      return false;
    }
    ++s.forks;
    PathState other = s;
    skip(std::move(other));
    enter(std::move(s));
  }
  return false;
}

bool FunctionExplorer::stepLoopBackedge(PathState &s, LoopLikeOpInterface loop,
                                        Operation *term) {
  Operation *op = loop.getOperation();
  auto branch = cast<RegionBranchOpInterface>(op);
  Region *body = loop.getLoopRegions().front();
  Value iv = loop.getLoopInductionVars()->front();
  auto ivVal = getInt(s, iv);
  auto ub = getInt(s, loop.getLoopUpperBounds()->front());
  auto stepSize = getInt(s, loop.getLoopSteps()->front());
  std::optional<bool> again;
  std::optional<int64_t> next;
  if (ivVal && ub && stepSize && *stepSize > 0) {
    // An induction variable that would step past INT64_MAX is past any
    // upper bound: the loop ends.
    next = llvm::checkedAdd(*ivVal, *stepSize);
    again = next && *next < *ub;
  }
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(term);
  SmallVector<RegionSuccessor> succs;
  branch.getSuccessorRegions(RegionBranchPoint(terminator), succs);
  auto forwarded = [&](RegionSuccessor &succ) -> ValueRange {
    return terminator.getSuccessorOperands(succ);
  };
  auto continueLoop = [&](PathState t) {
    for (RegionSuccessor &succ : succs)
      if (succ.getSuccessor() == body)
        bindForwarded(t, forwarded(succ), succ.getSuccessorInputs());
    clear(t, iv);
    if (next)
      set(t, iv, AbsVal::getInt(*next));
    t.addTrace(TraceStep::Kind::Iteration, op, 1);
    join(std::move(t), &body->front().front());
  };
  auto exitLoop = [&](PathState t) {
    for (RegionSuccessor &succ : succs)
      if (succ.isParent())
        bindForwarded(t, forwarded(succ), op->getResults());
    t.addTrace(TraceStep::Kind::Iteration, op, 0);
    forgetIterationMark(t, op);
    join(std::move(t), op->getNextNode());
  };
  if (again) {
    if (*again)
      continueLoop(std::move(s));
    else
      exitLoop(std::move(s));
  } else {
    ++s.forks;
    PathState other = s;
    exitLoop(std::move(other));
    continueLoop(std::move(s));
  }
  return false;
}

bool FunctionExplorer::stepRegionOp(PathState &s, RegionBranchOpInterface op) {
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op.getOperation()))
    if (hasSingleInductionVar(loop) &&
        isa<RegionBranchTerminatorOpInterface>(
            loop.getLoopRegions().front()->front().getTerminator()))
      return stepLoopEntry(s, loop);
  SmallVector<RegionSuccessor> succs;
  while (true) {
    succs.clear();
    op.getEntrySuccessorRegions(getOperandAttrs(s, op), succs);
    if (succs.size() <= 1 || !decideSomeOperand(s, op))
      break;
  }
  bool choice = succs.size() > 1 || op->getNumRegions() > 1;
  if (succs.size() > 1)
    ++s.forks;
  for (size_t i = 0; i < succs.size(); ++i) {
    PathState t = i + 1 == succs.size() ? std::move(s) : PathState(s);
    RegionSuccessor &succ = succs[i];
    if (succ.isParent()) {
      bindForwarded(t, op.getEntrySuccessorOperands(succ), op->getResults());
      if (choice)
        t.addTrace(TraceStep::Kind::Branch, op, -1);
      join(std::move(t), op->getNextNode());
      continue;
    }
    Region *region = succ.getSuccessor();
    if (region->empty()) {
      join(std::move(t), op->getNextNode());
      continue;
    }
    bindForwarded(t, op.getEntrySuccessorOperands(succ),
                  succ.getSuccessorInputs());
    if (choice)
      t.addTrace(TraceStep::Kind::Branch, op, region->getRegionNumber());
    join(std::move(t), &region->front().front());
  }
  return false;
}

bool FunctionExplorer::stepRegionTerminator(PathState &s, Operation *term) {
  Operation *parentOp = term->getParentOp();
  auto parent = cast<RegionBranchOpInterface>(parentOp);
  if (auto loop = dyn_cast<LoopLikeOpInterface>(parentOp))
    if (hasSingleInductionVar(loop) &&
        isa<RegionBranchTerminatorOpInterface>(term))
      return stepLoopBackedge(s, loop, term);
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(term);
  SmallVector<RegionSuccessor> succs;
  while (true) {
    succs.clear();
    if (terminator)
      terminator.getSuccessorRegions(getOperandAttrs(s, term), succs);
    else
      parent.getSuccessorRegions(*term->getParentRegion(), succs);
    if (succs.size() <= 1 || !decideSomeOperand(s, term))
      break;
  }
  if (succs.empty() && !terminator) {
    // A terminator the interface does not describe (scf.forall.in_parallel):
    // leave the op, or run the region again when it loops.
    Region *region = term->getParentRegion();
    succs.emplace_back(parentOp, parentOp->getResults());
    if (ctx.isLoop(region))
      succs.emplace_back(region, region->getArguments());
  }
  bool choice = succs.size() > 1;
  if (succs.empty()) {
    // No successor: the region does not return (e.g. unreachable).
    return false;
  }
  if (succs.size() > 1)
    ++s.forks;
  for (size_t i = 0; i < succs.size(); ++i) {
    PathState t = i + 1 == succs.size() ? std::move(s) : PathState(s);
    RegionSuccessor &succ = succs[i];
    ValueRange from = terminator ? ValueRange(terminator.getSuccessorOperands(succ))
                                 : ValueRange(term->getOperands());
    if (succ.isParent()) {
      bindForwarded(t, from, parentOp->getResults());
      if (choice)
        t.addTrace(TraceStep::Kind::Iteration, parentOp, 0);
      join(std::move(t), parentOp->getNextNode());
      continue;
    }
    Region *region = succ.getSuccessor();
    bindForwarded(t, from, succ.getSuccessorInputs());
    if (choice)
      t.addTrace(TraceStep::Kind::Iteration, parentOp, 1);
    join(std::move(t), &region->front().front());
  }
  return false;
}

bool FunctionExplorer::stepBranch(PathState &s, Operation *term) {
  auto branch = dyn_cast<BranchOpInterface>(term);
  unsigned numSuccessors = term->getNumSuccessors();
  // The edges the known operands allow, by successor index: two edges to one
  // block carry different operands.
  SmallVector<unsigned, 2> targets;
  if (branch) {
    while (true) {
      targets = getTakenSuccessors(term, getOperandAttrs(s, term));
      if (!targets.empty() || numSuccessors <= 1 ||
          !decideSomeOperand(s, term))
        break;
    }
  }
  // A cf.switch on a flag this path does not know: case i is taken when
  // the atom `flag == value_i` holds, the default when none does; a case edge
  // also fixes the flag, so that later branches on it follow the same case.
  auto switchOp = dyn_cast<cf::SwitchOp>(term);
  SmallVector<int64_t> caseValues;
  SmallVector<BoolFn> caseAtoms;
  if (switchOp && targets.empty() && !getInt(s, switchOp.getFlag()))
    if (auto values = switchOp.getCaseValues())
      for (const APInt &value : values->getValues<APInt>()) {
        if (value.getSignificantBits() > 64) {
          caseAtoms.clear();
          break;
        }
        caseValues.push_back(value.getSExtValue());
        caseAtoms.push_back(
            equalsConstantAtom(s, switchOp.getFlag(), caseValues.back()));
      }
  if (!caseAtoms.empty()) {
    // A case this path already assumed (`cmpi eq` of the selector with the
    // case value, tested before) is the edge; otherwise every case not
    // excluded, and the default.
    SmallVector<unsigned, 2> holding;
    for (auto [i, atom] : llvm::enumerate(caseAtoms)) {
      std::optional<bool> holds = atom.evaluate(s.assignment);
      if (holds == true)
        holding.push_back(i + 1);
      else if (!holds)
        targets.push_back(i + 1);
    }
    if (!holding.empty())
      targets.assign(1, holding.front());
    else
      targets.insert(targets.begin(), 0u);
  }
  if (targets.empty())
    for (unsigned i = 0; i < numSuccessors; ++i)
      targets.push_back(i);
  if (targets.size() > 1)
    ++s.forks;
  for (size_t k = 0; k < targets.size(); ++k) {
    unsigned i = targets[k];
    PathState t = k + 1 == targets.size() ? std::move(s) : PathState(s);
    Block *dest = term->getSuccessor(i);
    if (!caseAtoms.empty()) {
      for (auto [c, atom] : llvm::enumerate(caseAtoms))
        if (auto a = atom.getAtoms(); a.size() == 1 && !atom.evaluate(t.assignment))
          t.assume(a.front(), c + 1 == i);
      if (i > 0) {
        clear(t, switchOp.getFlag());
        set(t, switchOp.getFlag(), AbsVal::getInt(caseValues[i - 1]));
      }
    }
    if (branch) {
      SuccessorOperands operands = branch.getSuccessorOperands(i);
      SmallVector<Value> forwarded(operands.getForwardedOperands());
      unsigned produced = operands.getProducedOperandCount();
      for (unsigned a = 0; a < produced; ++a)
        setUnknown(t, dest->getArgument(a));
      bindForwarded(t, forwarded,
                    dest->getArguments().drop_front(produced));
    } else {
      for (BlockArgument arg : dest->getArguments())
        setUnknown(t, arg);
    }
    if (numSuccessors > 1)
      t.addTrace(TraceStep::Kind::Branch, term, i);
    join(std::move(t), &dest->front());
  }
  return false;
}

bool FunctionExplorer::stepReturn(PathState &s, Operation *term) {
  for (Value operand : term->getOperands())
    checkUse(s, term, operand, UseKind::Return);
  if (!s.callStack.empty()) {
    Operation *call = s.callStack.pop_back_val();
    // A buffer handed back to the caller is the caller's to free: a leak of
    // it is reported at the call.
    for (Value operand : term->getOperands())
      if (const AbsVal *val = get(s, operand))
        if (val->kind == AbsVal::Kind::Ref) {
          BufferRecord &b = s.buffers[val->buffer];
          if (b.origin == BufferOrigin::Heap && !b.freed && !b.escaped &&
              b.leakSite && term->getParentOp()->isAncestor(b.leakSite))
            b.leakSite = call;
        }
    bindForwarded(s, term->getOperands(), call->getResults());
    s.addTrace(TraceStep::Kind::Return, term);
    join(std::move(s), call->getNextNode());
    return false;
  }
  if (summaryOut)
    recordExit(s, term);
  for (Value operand : term->getOperands())
    markEscaped(s, operand);
  finishPath(s, term);
  return false;
}

void FunctionExplorer::recordExit(PathState &s, Operation *term) {
  FunctionSummary exit;
  Block &entry = root.getFunctionBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    auto effect = FunctionSummary::ArgEffect::None;
    for (const BufferRecord &b : s.buffers)
      if (b.origin == BufferOrigin::Argument && b.root == arg)
        effect = b.escaped ? FunctionSummary::ArgEffect::Unknown
                 : b.freed ? FunctionSummary::ArgEffect::Frees
                           : FunctionSummary::ArgEffect::None;
    exit.args.push_back(effect);
  }
  for (Value operand : term->getOperands()) {
    FunctionSummary::Result result;
    if (const AbsVal *val = get(s, operand);
        val && val->kind == AbsVal::Kind::Ref && !val->interior) {
      const BufferRecord &b = s.buffers[val->buffer];
      if (b.origin == BufferOrigin::Heap && !b.freed && !b.escaped &&
          b.deallocator == Deallocator::Memref) {
        result.kind = FunctionSummary::ResultKind::Fresh;
      } else if (b.origin == BufferOrigin::Argument && b.root) {
        result.kind = FunctionSummary::ResultKind::AliasOfArg;
        result.arg = cast<BlockArgument>(b.root).getArgNumber();
      }
    }
    exit.results.push_back(result);
  }
  exitSummaries.push_back(std::move(exit));
}

bool FunctionExplorer::applySummary(PathState &s, CallOpInterface call,
                                    const FunctionSummary &summary) {
  Operation *op = call.getOperation();
  auto args = call.getArgOperands();
  if (summary.args.size() != args.size() ||
      summary.results.size() != op->getNumResults())
    return false;
  SmallVector<std::optional<AbsVal>> argVals;
  for (Value arg : args) {
    const AbsVal *val = get(s, arg);
    argVals.push_back(val ? std::optional<AbsVal>(*val) : std::nullopt);
  }
  for (auto [i, arg] : llvm::enumerate(args)) {
    switch (summary.args[i]) {
    case FunctionSummary::ArgEffect::None:
      break;
    case FunctionSummary::ArgEffect::Frees:
      freeValue(s, op, arg, Deallocator::Memref);
      break;
    case FunctionSummary::ArgEffect::Unknown:
      markEscaped(s, arg);
      break;
    }
  }
  for (auto [j, result] : llvm::enumerate(op->getResults())) {
    const FunctionSummary::Result &r = summary.results[j];
    if (r.kind == FunctionSummary::ResultKind::Fresh) {
      createBuffer(s, result, BufferOrigin::Heap, Deallocator::Memref, op);
    } else if (r.kind == FunctionSummary::ResultKind::AliasOfArg &&
               r.arg < argVals.size() && argVals[r.arg]) {
      clear(s, result);
      set(s, result, *argVals[r.arg]);
    } else {
      setUnknown(s, result);
    }
  }
  return true;
}

/// MLIR's C runner utilities (printMemrefF32, verifyMemRefI32, ...) read
/// their memref arguments and keep nothing: part of the exception table of
/// MemoryModel.cpp, for external callees whose effects are not declared.
static bool isReadOnlyRuntimeFunction(CallOpInterface call) {
  auto sym = dyn_cast_or_null<SymbolRefAttr>(
      dyn_cast<SymbolRefAttr>(call.getCallableForCallee()));
  if (!sym)
    return false;
  StringRef name = sym.getLeafReference().getValue();
  return name.starts_with("printMemref") || name.starts_with("verifyMemRef") ||
         name.starts_with("print_memref");
}

bool FunctionExplorer::stepCall(PathState &s, CallOpInterface call) {
  Operation *op = call.getOperation();
  for (Value operand : call.getArgOperands())
    checkUse(s, op, operand, UseKind::CallArgument);
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&ctx.symbolTables));
  bool recursive = callee && (callee == root ||
                              callee == op->getParentOfType<FunctionOpInterface>() ||
                              llvm::any_of(s.callStack, [&](Operation *c) {
                                return c->getParentOfType<FunctionOpInterface>() ==
                                       callee;
                              }));
  if (callee && !callee.isExternal() && !recursive &&
      s.callStack.size() < options.maxInlineDepth &&
      callee.getFunctionBody().front().getNumArguments() ==
          call.getArgOperands().size()) {
    reachedFunctions.insert(callee);
    Block &entry = callee.getFunctionBody().front();
    bindForwarded(s, call.getArgOperands(), entry.getArguments());
    s.callStack.push_back(op);
    s.addTrace(TraceStep::Kind::Call, op);
    join(std::move(s), &entry.front());
    return false;
  }
  // A recursive call, or one too deep: the callee's summary.
  if (callee && !callee.isExternal()) {
    if (auto it = summaries.find(callee); it != summaries.end()) {
      if (applySummary(s, call, it->second))
        return true;
    } else if (summaryOut && recursive) {
      // Computing summaries bottom-up: a recursive call with no summary yet
      // contributes no exit in this round.
      return false;
    }
  }
  // Unknown or external callee: arguments escape, results are unknown;
  // except MLIR's runner utilities, which only read their arguments.
  ++stats.externalCalls;
  if (!isReadOnlyRuntimeFunction(call))
    for (Value operand : call.getArgOperands())
      markEscaped(s, operand);
  for (Value result : op->getResults())
    setUnknown(s, result);
  return true;
}

void FunctionExplorer::stepBufferizationDealloc(PathState &s,
                                                bufferization::DeallocOp op) {
  // Decide every condition and every alias question first (forking), then
  // apply: memref i is freed when its condition holds and it aliases no
  // retained value; retained j's ownership is the OR over the memrefs that
  // alias it of their conditions.
  SmallVector<bool> conds;
  for (Value cond : op.getConditions())
    conds.push_back(decide(s, getBool(s, cond)));
  auto bufferOf = [&](Value v) -> std::optional<uint32_t> {
    const AbsVal *val = get(s, v);
    if (val && val->kind == AbsVal::Kind::Ref)
      return val->buffer;
    return std::nullopt;
  };
  auto memrefs = op.getMemrefs();
  auto retained = op.getRetained();
  SmallVector<bool> freeIt(memrefs.size(), false);
  SmallVector<bool> owned(retained.size(), false);
  for (auto [i, m] : llvm::enumerate(memrefs)) {
    if (!conds[i])
      continue;
    auto mb = bufferOf(m);
    bool aliasesRetained = false;
    for (auto [j, r] : llvm::enumerate(retained)) {
      auto rb = bufferOf(r);
      bool alias = mb && rb && decideAlias(s, *mb, *rb);
      if (alias) {
        aliasesRetained = true;
        owned[j] = true;
      }
    }
    freeIt[i] = !aliasesRetained;
  }
  // Free each buffer once even when it is listed twice.
  SmallVector<uint32_t> freedBuffers;
  for (auto [i, m] : llvm::enumerate(memrefs)) {
    if (!freeIt[i])
      continue;
    if (auto mb = bufferOf(m)) {
      if (llvm::is_contained(freedBuffers, *mb))
        continue;
      freedBuffers.push_back(*mb);
    }
    freeValue(s, op, m, Deallocator::Memref);
  }
  for (auto [j, result] : llvm::enumerate(op.getUpdatedConditions())) {
    clear(s, result);
    set(s, result, AbsVal::getBool(BoolFn::constant(owned[j])));
  }
}

/// Set MEMLINT_TRACE=1 to print every step of the exploration (debugging).
static bool traceEnabled() {
  static bool enabled = std::getenv("MEMLINT_TRACE") != nullptr;
  return enabled;
}

static void printState(const PathState &s, ModuleContext &ctx) {
  llvm::raw_ostream &os = llvm::errs();
  os << "  env:";
  for (const auto &[num, val] : s.env) {
    os << " #" << num << "=";
    switch (val.kind) {
    case AbsVal::Kind::Int:
      os << val.intValue;
      break;
    case AbsVal::Kind::Bool:
      if (auto c = val.boolValue.getConstant())
        os << (*c ? "T" : "F");
      else {
        os << "b(";
        for (uint32_t a : val.boolValue.getAtoms())
          os << a << ",";
        os << ")";
      }
      break;
    case AbsVal::Kind::Ref:
      os << "ref" << val.buffer << (val.interior ? "i" : "");
      break;
    case AbsVal::Kind::Ptr:
      os << "ptr" << val.buffer;
      break;
    case AbsVal::Kind::Select: {
      os << "sel(";
      bool first = true;
      val.forEachLeaf([&](const AbsVal &ref) {
        os << (first ? "" : ",") << "ref" << ref.buffer
           << (ref.interior ? "i" : "");
        first = false;
      });
      os << ")";
      break;
    }
    }
  }
  os << "\n  bufs:";
  for (const BufferRecord &b : s.buffers)
    os << " [" << (int)b.origin << (b.freed ? " freed" : "")
       << (b.escaped ? " esc" : "") << " cells=" << b.contents.size() << "]";
  os << "\n  assume:";
  for (auto [a, v] : s.assignment)
    os << " " << a << "=" << v;
  os << "\n";
}

bool FunctionExplorer::step(PathState &s) {
  Operation *op = s.pc;
  if (!op)
    return false;
  ++steps;
  if (traceEnabled()) {
    llvm::errs() << "step " << op->getName() << " at " << op->getLoc() << "\n";
    printState(s, ctx);
  }

  if (s.mayHaveSelect)
    concretizeSelects(s, op);

  if (op->hasTrait<OpTrait::IsTerminator>()) {
    Operation *parent = op->getParentOp();
    if (op->getNumSuccessors() != 0)
      return stepBranch(s, op);
    if (ctx.isBoundary(parent) && op->hasTrait<OpTrait::ReturnLike>())
      return stepReturn(s, op);
    if (isa<RegionBranchOpInterface>(parent))
      return stepRegionTerminator(s, op);
    if (ctx.isBoundary(parent)) {
      // A terminator that does not return (unreachable): the path ends.
      return false;
    }
    // A terminator of an op we do not model: treat the op as opaque; this is
    // reached only if we entered its region, which we never do.
    return false;
  }

  if (auto region = dyn_cast<RegionBranchOpInterface>(op)) {
    if (op->getNumRegions() != 0 && !isa<CallOpInterface>(op))
      return stepRegionOp(s, region);
  }
  if (auto call = dyn_cast<CallOpInterface>(op))
    if (ctx.getMemoryInfo(op).allocations.empty() &&
        ctx.getMemoryInfo(op).frees.empty()) {
      bool cont = stepCall(s, call);
      if (cont)
        s.pc = op->getNextNode();
      return cont;
    }
  if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
    stepBufferizationDealloc(s, dealloc);
    s.pc = op->getNextNode();
    return true;
  }
  if (!stepArith(s, op))
    stepGeneric(s, op);
  s.pc = op->getNextNode();
  return true;
}

void FunctionExplorer::runPath(PathState &s) {
  while (step(s)) {
    if (steps > stepBudget) {
      stop(AnalysisBound::Steps, s.pc, double(stepBudget),
           "step budget exhausted");
      return;
    }
    if (mustStop())
      return;
    if (steps >= nextResourceCheck) {
      nextResourceCheck = steps + kResourceCheckSteps;
      if (overResourceBounds(s.pc))
        return;
    }
  }
}

FunctionStats FunctionExplorer::run() {
  FunctionStats fs;
  fs.name = root.getName().str();
  fs.function = root;
  fs.ops = ctx.countOps(root);
  startTime = std::chrono::steady_clock::now();
  stepBudget = std::min(options.maxStepsPerFunction,
                        std::max(options.minStepsPerFunction,
                                 options.stepsPerOp * fs.ops));
  reachedFunctions.insert(root);
  Region &body = root.getFunctionBody();
  if (body.empty() || body.front().empty())
    return fs;

  PathState init;
  Block &entry = body.front();
  for (BlockArgument arg : entry.getArguments()) {
    if (isa<BaseMemRefType>(arg.getType())) {
      BufferRecord b;
      b.origin = BufferOrigin::Argument;
      b.root = arg;
      uint32_t id = init.buffers.size();
      init.buffers.push_back(std::move(b));
      set(init, arg, AbsVal::getRef(id, false));
    } else if (arg.getType().isInteger(1)) {
      set(init, arg, AbsVal::getBool(BoolFn::atom(init.freshAtom())));
    }
  }
  join(std::move(init), &entry.front());
  while (!queue.empty()) {
    PathState s = pop();
    runPath(s);
    if (mustStop() || (witnessSearch && witnessesToRefine.empty()))
      break;
  }
  if (summaryOut) {
    // Merge the exits: an effect or result holds when every exit agrees.
    FunctionSummary merged;
    for (size_t i = 0; i < exitSummaries.size(); ++i) {
      const FunctionSummary &exit = exitSummaries[i];
      if (i == 0) {
        merged = exit;
        continue;
      }
      for (size_t a = 0; a < merged.args.size(); ++a)
        if (merged.args[a] != exit.args[a])
          merged.args[a] = FunctionSummary::ArgEffect::Unknown;
      for (size_t r = 0; r < merged.results.size(); ++r)
        if (merged.results[r].kind != exit.results[r].kind ||
            merged.results[r].arg != exit.results[r].arg)
          merged.results[r] = {};
    }
    if (exitSummaries.empty() || !complete) {
      merged.args.assign(root.getFunctionBody().front().getNumArguments(),
                         FunctionSummary::ArgEffect::Unknown);
      merged.results.assign(root.getResultTypes().size(), {});
    }
    *summaryOut = std::move(merged);
  }
  // All-paths verdicts.
  for (uint32_t id : localEvents) {
    bool all = complete && terminalHits && llvm::is_contained(*terminalHits, id);
    if (events[id].rootFunction == root)
      events[id].allPaths = all;
  }
  fs.steps = steps;
  fs.states = seenByFingerprint.size();
  fs.paths = paths;
  fs.peakBytes = std::max(peakBytes, estimateBytes());
  fs.complete = complete;
  fs.bound = bound;
  fs.stoppedAt = stoppedAt;
  fs.limit = boundLimit;
  fs.incompleteReason = incompleteReason;
  return fs;
}

//===----------------------------------------------------------------------===//
// LifetimeAnalysis
//===----------------------------------------------------------------------===//

LifetimeAnalysis::LifetimeAnalysis(Operation *module,
                                   const AnalysisOptions &options) {
  ModuleNumbering numbering(module);
  ModuleContext ctx(module, numbering);
  std::map<EventKey, uint32_t> eventIds;
  DenseSet<Operation *> reached;

  // Functions in program order; callers first: functions called from another
  // function of the module are explored in their callers' context.
  SmallVector<FunctionOpInterface> functions;
  module->walk([&](FunctionOpInterface fn) {
    if (!fn.isExternal())
      functions.push_back(fn);
  });
  // The module's direct call graph, resolved once.
  DenseMap<Operation *, SmallVector<Operation *>> callees, callers;
  for (FunctionOpInterface fn : functions)
    fn->walk([&](CallOpInterface call) {
      Operation *callee = call.resolveCallableInTable(&ctx.symbolTables);
      if (!callee || llvm::is_contained(callees[fn], callee))
        return;
      callees[fn].push_back(callee);
      if (callee != fn.getOperation())
        callers[callee].push_back(fn);
    });
  // Functions reachable from `fn` through one or more calls.
  auto reachableFrom = [&](Operation *fn) {
    DenseSet<Operation *> reachable;
    SmallVector<Operation *> worklist(callees.lookup(fn));
    while (!worklist.empty()) {
      Operation *f = worklist.pop_back_val();
      if (reachable.insert(f).second)
        llvm::append_range(worklist, callees.lookup(f));
    }
    return reachable;
  };

  // Summaries of recursive functions, iterated to a fixpoint (a few rounds;
  // the first round sees recursive calls as unknown).
  DenseMap<Operation *, FunctionSummary> summaryMap;
  SmallVector<FunctionOpInterface> recursive;
  for (FunctionOpInterface fn : functions)
    if (reachableFrom(fn).contains(fn))
      recursive.push_back(fn);
  for (int round = 0; round < 4 && !recursive.empty(); ++round) {
    bool changed = false;
    for (FunctionOpInterface fn : recursive) {
      std::vector<LifetimeEvent> scratchEvents;
      std::map<EventKey, uint32_t> scratchIds;
      DenseSet<Operation *> scratchReached;
      AnalysisStats scratchStats;
      FunctionSummary summary;
      FunctionExplorer explorer(ctx, fn, options, scratchEvents, scratchIds,
                                scratchReached, scratchStats, summaryMap,
                                &summary);
      explorer.run();
      auto it = summaryMap.find(fn);
      if (it == summaryMap.end() || !(it->second == summary)) {
        summaryMap[fn] = summary;
        changed = true;
      }
    }
    if (!changed)
      break;
  }
  for (FunctionOpInterface fn : recursive)
    summaries.emplace_back(fn.getName().str(), summaryMap[fn]);

  // An exploration that ran out of budget may have taken widened, infeasible
  // paths: its events are kept only when a complete exploration confirms them
  // (the documented fallback: a missed bug rather than a false alarm).
  std::vector<bool> confirmed;
  // True when some caller of `fn` cannot be reached back from `fn` through
  // calls, i.e. `fn` is explored in that caller's context.
  auto calledFromOutsideCycle = [&](FunctionOpInterface fn) {
    DenseSet<Operation *> reachable = reachableFrom(fn);
    return llvm::any_of(callers.lookup(fn), [&](Operation *caller) {
      return caller != fn.getOperation() && !reachable.contains(caller);
    });
  };
  // One exploration of a root function, run on its own (possibly on another
  // thread) and then merged in program order: the result is the same as
  // exploring the roots one after the other.
  struct Exploration {
    FunctionOpInterface fn;
    std::vector<LifetimeEvent> events;
    std::map<EventKey, uint32_t> eventIds;
    DenseSet<Operation *> reached;
    AnalysisStats stats;
  };
  auto explore = [&](Exploration &x, ModuleContext &context) {
    FunctionExplorer explorer(context, x.fn, options, x.events, x.eventIds,
                              x.reached, x.stats, summaryMap);
    x.stats.perFunction.push_back(explorer.run());
    if (!explorer.getApproximateWitnesses().empty()) {
      // Witnesses that crossed a merge of paths are searched again without
      // merging, so that every branch decision they show is on one path.
      AnalysisOptions exact = options;
      exact.mergeBooleanStates = false;
      DenseSet<Operation *> scratchReached;
      AnalysisStats scratchStats;
      FunctionExplorer search(context, x.fn, exact, x.events, x.eventIds,
                              scratchReached, scratchStats, summaryMap);
      search.refineWitnesses(explorer.getApproximateWitnesses());
      search.run();
    }
    context.releaseCaches();
  };
  // Merges an exploration: its events not found by an earlier one are added
  // (the first exploration to find an event owns its witness and verdict),
  // and a complete exploration confirms every event it found.
  auto merge = [&](Exploration &x) {
    const FunctionStats &fs = x.stats.perFunction.front();
    stats.ops += fs.ops;
    stats.buffers += x.stats.buffers;
    stats.unknownEffectOps += x.stats.unknownEffectOps;
    for (const auto &[name, count] : x.stats.unknownEffectOpNames)
      stats.unknownEffectOpNames[name] += count;
    stats.externalCalls += x.stats.externalCalls;
    stats.perFunction.push_back(fs);
    reached.insert(x.reached.begin(), x.reached.end());
    for (LifetimeEvent &event : x.events) {
      auto [it, inserted] =
          eventIds.try_emplace(EventKey{event.kind, event.op}, events.size());
      if (inserted)
        events.push_back(std::move(event));
      confirmed.resize(events.size(), false);
      if (fs.complete)
        confirmed[it->second] = true;
    }
  };
  auto exploreAll = [&](ArrayRef<FunctionOpInterface> roots) {
    std::vector<Exploration> explorations(roots.size());
    for (auto [x, fn] : llvm::zip(explorations, roots))
      x.fn = fn;
    MLIRContext *mlirContext = module->getContext();
    if (roots.size() > 1 && mlirContext->isMultithreadingEnabled()) {
      // Roots in parallel on the context's threads, each thread with caches
      // of its own; the IR is only read.
      // Largest functions first (by op count: pre-order positions of a
      // function's ops are contiguous), so that no thread is left with a
      // large one at the end.
      SmallVector<size_t> order(explorations.size());
      std::iota(order.begin(), order.end(), 0);
      llvm::stable_sort(order, [&](size_t a, size_t b) {
        return numbering.countOps(explorations[a].fn) >
               numbering.countOps(explorations[b].fn);
      });
      std::atomic<size_t> next{0};
      auto worker = [&] {
        ModuleContext context(module, numbering);
        for (size_t i = next++; i < order.size(); i = next++)
          explore(explorations[order[i]], context);
      };
      llvm::ThreadPoolInterface &pool = mlirContext->getThreadPool();
      llvm::ThreadPoolTaskGroup group(pool);
      size_t workers =
          std::min<size_t>(pool.getMaxConcurrency(), explorations.size());
      for (size_t i = 1; i < workers; ++i)
        group.async(worker);
      worker();
      group.wait();
    } else {
      for (Exploration &x : explorations)
        explore(x, ctx);
    }
    for (Exploration &x : explorations)
      merge(x);
  };
  SmallVector<FunctionOpInterface> roots;
  for (FunctionOpInterface fn : functions)
    if (!callers.count(fn))
      roots.push_back(fn);
  exploreAll(roots);
  // Functions only called from each other (recursion with no outside caller)
  // are explored on their own.
  // One at a time: exploring one of them reaches the others.
  for (FunctionOpInterface fn : functions)
    if (!reached.contains(fn) && !calledFromOutsideCycle(fn))
      exploreAll(fn);

  // Every function with a body, also those only analysed from a caller.
  stats.functions = functions.size();
  confirmed.resize(events.size(), false);
  std::vector<LifetimeEvent> kept;
  for (size_t i = 0; i < events.size(); ++i)
    if (confirmed[i])
      kept.push_back(std::move(events[i]));
  events = std::move(kept);

  // Stable order: by the position of the primary op in the module.
  std::stable_sort(events.begin(), events.end(),
                   [&](const LifetimeEvent &a, const LifetimeEvent &b) {
                     return std::make_tuple(ctx.position(a.op), a.kind) <
                            std::make_tuple(ctx.position(b.op), b.kind);
                   });
}

LifetimeAnalysis::~LifetimeAnalysis() = default;

bool FunctionSummary::operator==(const FunctionSummary &other) const {
  if (args != other.args || results.size() != other.results.size())
    return false;
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].kind != other.results[i].kind ||
        results[i].arg != other.results[i].arg)
      return false;
  return true;
}

void LifetimeAnalysis::print(raw_ostream &os) const {
  for (const LifetimeEvent &event : events) {
    os << stringifyEventKind(event.kind) << " at ";
    event.op->getLoc().print(os);
    os << (event.allPaths ? " on all paths" : " on some path");
    if (event.kind == LifetimeEventKind::InvalidFree) {
      static const char *reasons[] = {"none",      "stack",     "global",
                                      "argument",  "not-owned", "interior-view",
                                      "mismatched-deallocator"};
      os << " reason=" << reasons[(int)event.reason];
    }
    os << "\n";
  }
  static const char *argEffects[] = {"none", "frees", "unknown"};
  static const char *resultKinds[] = {"unknown", "fresh", "alias-of-arg"};
  for (const auto &[name, summary] : summaries) {
    os << "summary @" << name << ":";
    for (auto [i, effect] : llvm::enumerate(summary.args))
      os << " arg" << i << "=" << argEffects[(int)effect];
    for (auto [i, result] : llvm::enumerate(summary.results)) {
      os << " result" << i << "=" << resultKinds[(int)result.kind];
      if (result.kind == FunctionSummary::ResultKind::AliasOfArg)
        os << "(" << result.arg << ")";
    }
    os << "\n";
  }
  for (const FunctionStats &fs : stats.perFunction)
    os << "function @" << fs.name << ": ops=" << fs.ops
       << (fs.complete ? " complete"
                       : " incomplete bound=" + stringifyBound(fs.bound).str())
       << "\n";
}
