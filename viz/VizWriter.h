//===- VizWriter.h - Write the diagrams of a module to files ----*- C++ -*-===//

#ifndef MEMLINT_VIZ_VIZWRITER_H
#define MEMLINT_VIZ_VIZWRITER_H

#include "viz/Diagrams.h"

#include <string>
#include <vector>

namespace memlint {
namespace viz {

/// What to draw and where.
struct VizOptions {
  /// Folder of the files (created if missing).
  std::string outDir = ".";
  /// Diagram kinds: "lifetime", "cfg".
  std::vector<std::string> kinds = {"lifetime", "cfg"};
  /// File formats: "dot" (the text itself), "svg", "png" (rendered).
  std::vector<std::string> formats = {"svg"};
  /// Only the function of this name (all when empty).
  std::string function;
  /// Only the functions with a finding.
  bool onlyWithFindings = false;
  LifetimeChartOptions lifetime;
  CfgDiagramOptions cfg;
  /// Bitmap formats (png) draw at most this many buffers and op rows per
  /// block: rasterizing charts of thousands of rows takes tens of seconds
  /// and gives unreadable pictures; SVG and DOT show everything.
  unsigned maxBitmapRows = 120;
};

/// The diagram kinds a function can be drawn as, in a fixed order.
llvm::ArrayRef<llvm::StringRef> getDiagramKinds();

/// The deterministic file name of one diagram:
/// `<input path without .mlir, '/' as '_'>[.chunkN].<function>.<kind>.<ext>`.
std::string getDiagramFileName(llvm::StringRef inputPath, unsigned chunk,
                               llvm::StringRef function, llvm::StringRef kind,
                               llvm::StringRef format);

/// Draws the functions of the module of `context` (chunk `chunk` of its
/// input; 0 without --split-input-file) with `findings` (those of the
/// module that are reported). Appends the paths written and the errors.
void writeDiagrams(const LintContext &context, llvm::ArrayRef<Finding> findings,
                   unsigned chunk, const VizOptions &options,
                   std::vector<std::string> &written,
                   std::vector<std::string> &errors);

} // namespace viz
} // namespace memlint

#endif // MEMLINT_VIZ_VIZWRITER_H
