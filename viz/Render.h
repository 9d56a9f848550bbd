//===- Render.h - Lay out and render DOT with libgvc ------------*- C++ -*-===//

#ifndef MEMLINT_VIZ_RENDER_H
#define MEMLINT_VIZ_RENDER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace memlint {
namespace viz {

/// Lays out a DOT graph with its `layout` attribute's engine (dot by
/// default) and renders it in `format` ("svg", "png", any libgvc format),
/// in-process through Graphviz's library. Serialized: Graphviz keeps global
/// state.
llvm::Expected<std::string> renderGraph(llvm::StringRef dot,
                                        llvm::StringRef format);

} // namespace viz
} // namespace memlint

#endif // MEMLINT_VIZ_RENDER_H
