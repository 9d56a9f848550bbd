//===- Render.cpp - Lay out and render DOT with libgvc --------------------===//

#include "viz/Render.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <mutex>

using namespace memlint;

namespace {
/// Graphviz's error messages of the current render.
std::string *gvErrors = nullptr;

int collectError(char *message) {
  if (gvErrors)
    *gvErrors += message;
  return 0;
}

/// The Graphviz context of the process, created on first use and never
/// freed. A context per render is not safe: Graphviz 2.43's pango text
/// layout plugin caches a pointer to the last font name, which lives in the
/// context's font dictionary, and compares the next render's font with it
/// (a heap use after free once that context is freed; found by ASan in
/// make test-sanitize). Used under renderGraph's mutex only.
GVC_t *processContext() {
  static GVC_t *context = gvContext();
  return context;
}

/// Frees a Graphviz graph and its layout on every path.
struct GraphvizSession {
  GVC_t *context = processContext();
  Agraph_t *graph = nullptr;
  bool laidOut = false;
  ~GraphvizSession() {
    if (laidOut)
      gvFreeLayout(context, graph);
    if (graph)
      agclose(graph);
  }
};
} // namespace

llvm::Expected<std::string> viz::renderGraph(llvm::StringRef dot,
                                             llvm::StringRef format) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  std::string errors;
  gvErrors = &errors;
  agseterr(AGERR);
  agusererrf previous = agseterrf(collectError);
  auto fail = [&](llvm::StringRef what) {
    agseterrf(previous);
    gvErrors = nullptr;
    std::string message = "graphviz: " + what.str();
    if (!errors.empty())
      message += ": " + llvm::StringRef(errors).trim().str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };

  std::string text = dot.str();
  std::string formatName = format.str();
  GraphvizSession session;
  if (!session.context)
    return fail("cannot create a context");
  session.graph = agmemread(text.c_str());
  if (!session.graph)
    return fail("cannot read the DOT text");
  char *layout = agget(session.graph, const_cast<char *>("layout"));
  std::string engine = layout && *layout ? layout : "dot";
  if (gvLayout(session.context, session.graph, engine.c_str()) != 0)
    return fail("layout with '" + engine + "' failed");
  session.laidOut = true;
  char *data = nullptr;
  unsigned int length = 0;
  if (gvRenderData(session.context, session.graph, formatName.c_str(), &data,
                   &length) != 0 ||
      !data)
    return fail("cannot render '" + formatName + "'");
  std::string result(data, length);
  gvFreeRenderData(data);
  agseterrf(previous);
  gvErrors = nullptr;
  return result;
}
