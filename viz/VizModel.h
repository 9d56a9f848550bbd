//===- VizModel.h - What the diagrams of one function show ------*- C++ -*-===//
//
// The facts the diagrams of one function draw, computed once from the lint
// context: the program points (the ops of the function in text order), the
// findings of the function with their lifetime events and witness paths, and
// one row per buffer saying, at each program point, whether the buffer is
// allocated, live, live on some paths only, used, freed, or the site of a bug.
//
// Liveness is kept simple: the alloc point, the uses and the frees of a buffer
// come from its may-alias class (AliasClasses), so uses through views and
// casts count; between the first and the last free, and after the last free
// when the analysis found a leak on some path, the buffer is live on some
// paths only. Bugs come from the lifetime events the findings report.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_VIZ_VIZMODEL_H
#define MEMLINT_VIZ_VIZMODEL_H

#include "checks/Check.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memlint {
namespace viz {

/// What a cell of the lifetime chart shows.
enum class CellKind {
  None,
  Alloc,
  Live,
  /// Allocated but dead: after the last use (through any alias), before the
  /// dealloc (what perf-late-dealloc is about).
  DeadNotFreed,
  /// Live on some paths, freed (or never allocated) on others.
  MaybeLive,
  Use,
  Free,
  /// Freed, still referenced (on a witness path, after the free).
  Freed,
  Leak,
  UseAfterFree,
  DoubleFree,
  InvalidFree,
};

/// The legend text of a cell kind ("live on some paths").
llvm::StringRef describeCell(CellKind kind);

/// One op of the function, in text order.
struct ProgramPoint {
  mlir::Operation *op;
  /// 1-based line of the op in the source (0 if unknown).
  unsigned line;
};

/// One step of a witness path at a program point of the function.
struct WitnessMark {
  unsigned point;
  /// Short label for a cell ("alloc", "true", "free", "bug").
  std::string label;
  /// The note as the text report shows it ("taking the false branch").
  std::string note;
};

/// One step of a lifetime finding's witness path, in path order (the
/// path-order table of the lifetime chart): its op, what it does to the
/// buffer, and where the path is (loop iterations, callee).
struct PathStep {
  mlir::Operation *op;
  /// 1-based source line of the op (0 if unknown).
  unsigned line;
  /// The function of the op when it is not the chart's ("@square_add_row").
  std::string function;
  /// Short label ("alloc", "true", "iteration 2", "call @f", "UAF").
  std::string label;
  /// The note as the text report words it.
  std::string note;
  /// A branch's side the path did not take ("false"), drawn greyed.
  std::string notTaken;
  /// The loop iterations the path is in at this step, outermost first
  /// ("L6 iteration 2").
  std::string iterations;
  /// The buffer after the step: Alloc, Live, Free, Freed, or the bug's kind
  /// at the last step; None before its allocation.
  CellKind state;
};

/// A finding of the function, with its lifetime event if it has one.
struct VizFinding {
  /// 1-based number of the finding in the function, in report order.
  unsigned number;
  const Finding *finding;
  const LifetimeEvent *event = nullptr;
  /// The program point of the finding (its primary op, or the call in this
  /// function through which the event was found).
  std::optional<unsigned> point;
  /// Where the chart marks the bug: the point of a leak is where the last
  /// reference is lost (the function's last point when outside it).
  std::optional<unsigned> markPoint;
  /// The witness path as the report's notes give it (those at ops of this
  /// function), then the bug itself if no note marks it.
  std::vector<WitnessMark> witness;
  /// A lifetime finding's witness in path order, ending at the bug (empty
  /// for structural findings).
  std::vector<PathStep> path;
  /// The value of this function the finding is about: the buffer, or in a
  /// callee the argument (or other value) its alias arrives through.
  mlir::Value localBuffer;
};

/// One row of the lifetime chart.
struct BufferRow {
  mlir::Value buffer;
  std::string name, type;
  std::optional<uint64_t> bytes;
  /// The function's caller-side buffer names this row receives (a callee's
  /// argument that findings are about: "%buf").
  std::vector<std::string> receives;
  /// The point of the allocation; null for buffers that come from outside
  /// the function (arguments), live from its first point.
  std::optional<unsigned> allocPoint;
  std::vector<unsigned> uses, frees;
  /// Where the leak found by the analysis happens (the last reference is
  /// lost), when there is one.
  std::optional<unsigned> leakPoint;
  /// The points [first, second) where the buffer is dead but not freed
  /// yet: after the op of the dealloc's block that holds the last use, up
  /// to its only dealloc (unset otherwise).
  std::optional<std::pair<unsigned, unsigned>> dead;
  /// Marks at points: alloc, uses, frees, bugs.
  std::map<unsigned, CellKind> marks;
  /// The message of the finding of each bug mark.
  std::map<unsigned, std::string> messages;
  /// Points where the row is another site of an aggregated structural
  /// finding (its "also" notes), with the findings' numbers.
  std::map<unsigned, std::vector<unsigned>> otherSites;
  /// Indices into FunctionModel::getFindings() of the findings about it.
  std::vector<unsigned> findings;

  /// What the chart shows at `point`.
  CellKind cellAt(unsigned point) const;
  /// What the chart shows at `point` ignoring marks (the live range only).
  CellKind rangeAt(unsigned point) const;
};

/// The diagrams' view of one function.
class FunctionModel {
public:
  /// `findings` are those of the whole module; the model keeps the findings
  /// of `function` (a FunctionOpInterface op).
  FunctionModel(const LintContext &context, mlir::Operation *function,
                llvm::ArrayRef<Finding> findings);

  mlir::Operation *getFunction() const { return function; }
  std::string getName() const { return name; }
  const LintContext &getContext() const { return context; }
  llvm::ArrayRef<ProgramPoint> getPoints() const { return points; }
  llvm::ArrayRef<BufferRow> getBuffers() const { return buffers; }
  llvm::ArrayRef<VizFinding> getFindings() const { return findings; }
  /// The point of `op`, if it is an op of the function.
  std::optional<unsigned> lookupPoint(mlir::Operation *op) const;
  /// The first line of the source text of `op`, trimmed.
  std::string getSourceLine(mlir::Operation *op) const;
  /// A link to a line of the source ("a.mlir#L12"; empty for standard
  /// input): the file as setSourceLink() gave it, by default as shown.
  std::string getHref(unsigned line) const;
  /// Links point to `path` (relative to the diagram's folder; empty: no
  /// links).
  void setSourceLink(std::string path) { sourceLink = std::move(path); }

private:
  const LintContext &context;
  mlir::Operation *function;
  std::string name;
  std::string sourceLink;
  std::vector<ProgramPoint> points;
  llvm::DenseMap<mlir::Operation *, unsigned> pointOf;
  std::vector<BufferRow> buffers;
  std::vector<VizFinding> findings;
};

/// The rule id of the finding a lifetime event produces.
llvm::StringRef ruleOfEvent(LifetimeEventKind kind);

/// The functions of a module, in text order.
std::vector<mlir::Operation *> getFunctions(mlir::Operation *module);

/// Escapes text for an HTML-like Graphviz label or attribute.
std::string escapeHtml(llvm::StringRef text);
/// Escapes text for an HTML-like label, broken at spaces into lines of at
/// most `width` characters (left-aligned <BR/>s): an aggregated finding's
/// message is hundreds of characters, and one line of it made a chart
/// wider than a bitmap may be.
std::string escapeHtmlWrapped(llvm::StringRef text, size_t width = 100);
/// Quotes text as a DOT string ("...").
std::string quoteDot(llvm::StringRef text);

} // namespace viz
} // namespace memlint

#endif // MEMLINT_VIZ_VIZMODEL_H
