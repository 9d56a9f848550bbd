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
  unsigned maxBitmapRows = 80;
  /// Buffers per page of the lifetime chart in bitmap formats (smaller
  /// pages have fewer columns: the picture's area grows with the page size).
  unsigned bitmapBuffersPerPage = 20;
};

/// The diagram kinds a function can be drawn as, in a fixed order.
llvm::ArrayRef<llvm::StringRef> getDiagramKinds();

/// The deterministic file name of one diagram:
/// `<input path without .mlir, '/' as '_'>[.chunkN].<function>.<kind>.<ext>`.
std::string getDiagramFileName(llvm::StringRef inputPath, unsigned chunk,
                               llvm::StringRef function, llvm::StringRef kind,
                               llvm::StringRef format);

/// One diagram to write: its path, its format and its DOT text.
struct DiagramFile {
  std::string path;
  std::string format;
  std::string dot;
  /// The input (as shown), the function and the kind drawn.
  std::string input, function, kind;
};

/// The diagrams of the functions of the module of `context` (chunk `chunk`
/// of its input; 0 without --split-input-file) with `findings` (those of the
/// module that are reported), in a fixed order. Only builds DOT text: it can
/// run on any thread.
std::vector<DiagramFile> buildDiagrams(const LintContext &context,
                                       llvm::ArrayRef<Finding> findings,
                                       unsigned chunk,
                                       const VizOptions &options);

/// Creates the folders and writes the files, rendering SVG and PNG with
/// libgvc, in the order of their paths: Graphviz numbers SVG anchors with a
/// counter that lives as long as the process, so this keeps the anchors of
/// a run independent of -j. (Graphviz 2.42 may still emit the clusters of
/// an SVG in a different order from one process to the next, as `dot -Tsvg`
/// does; the DOT text is deterministic.) Appends the paths written and the
/// errors.
void writeDiagrams(std::vector<DiagramFile> files,
                   std::vector<std::string> &written,
                   std::vector<std::string> &errors);

} // namespace viz
} // namespace memlint

#endif // MEMLINT_VIZ_VIZWRITER_H
