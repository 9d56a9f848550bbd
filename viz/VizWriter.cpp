//===- VizWriter.cpp - Write the diagrams of a module to files ------------===//

#include "viz/VizWriter.h"

#include "viz/Render.h"

#include "analyzer/SourceInfo.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::viz;

ArrayRef<StringRef> viz::getDiagramKinds() {
  static const StringRef kinds[] = {"lifetime", "cfg"};
  return kinds;
}

/// `text` with every character outside [A-Za-z0-9_.-] replaced by '_'.
static std::string sanitize(StringRef text) {
  std::string out;
  for (char c : text)
    out += (llvm::isAlnum(c) || c == '_' || c == '.' || c == '-') ? c : '_';
  return out;
}

std::string viz::getDiagramFileName(StringRef inputPath, unsigned chunk,
                                    StringRef function, StringRef kind,
                                    StringRef format) {
  StringRef stem = inputPath;
  stem.consume_back(".mlir");
  while (stem.consume_front("../") || stem.consume_front("./")) {
  }
  std::string name = sanitize(stem);
  if (chunk)
    name += ".chunk" + std::to_string(chunk);
  return name + "." + sanitize(function) + "." + kind.str() + "." +
         format.str();
}

/// Writes `data` to `path`; reports failures in `errors`.
static bool writeFile(const std::string &path, StringRef data,
                      std::vector<std::string> &errors) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (!ec) {
    out << data;
    out.close();
    ec = out.error();
  }
  if (ec) {
    errors.push_back("cannot write '" + path + "': " + ec.message());
    return false;
  }
  return true;
}

std::vector<DiagramFile> viz::buildDiagrams(const LintContext &context,
                                            ArrayRef<Finding> findings,
                                            unsigned chunk,
                                            const VizOptions &options) {
  std::vector<DiagramFile> files;
  for (Operation *function : getFunctions(context.getModule())) {
    std::string name = context.getFunctionName(function);
    if (!options.function.empty() && name != options.function)
      continue;
    if (options.onlyWithFindings &&
        llvm::none_of(findings,
                      [&](const Finding &f) { return f.function == name; }))
      continue;
    FunctionModel model(context, function, findings);
    // Links relative to the diagram's folder, so that they work wherever
    // the folder is opened from.
    if (context.getFilePath() != "<stdin>")
      model.setSourceLink(
          makeRelativePath(context.getFilePath(), options.outDir));
    for (StringRef kind : getDiagramKinds()) {
      if (!llvm::is_contained(options.kinds, kind))
        continue;
      std::string dot, bitmapDot;
      auto getDot = [&](bool bitmap) -> const std::string & {
        std::string &text = bitmap ? bitmapDot : dot;
        if (!text.empty())
          return text;
        LifetimeChartOptions lifetime = options.lifetime;
        CfgDiagramOptions cfg = options.cfg;
        if (bitmap) {
          lifetime.maxBuffers = options.maxBitmapRows;
          lifetime.buffersPerPage = options.bitmapBuffersPerPage;
          cfg.maxRowsPerBlock = options.maxBitmapRows;
        }
        text = kind == "lifetime" ? renderLifetimeDot(model, lifetime)
                                  : renderCfgDot(model, cfg);
        return text;
      };
      for (const std::string &format : options.formats) {
        llvm::SmallString<256> path(options.outDir);
        llvm::sys::path::append(
            path, getDiagramFileName(
                      context.getFilePath() == "<stdin>"
                          ? std::string("<stdin>")
                          : makeRelativePath(context.getFilePath(), ""),
                      chunk, name, kind, format));
        bool bitmap = format != "dot" && format != "svg";
        files.push_back({std::string(path), format, getDot(bitmap),
                         context.getFilePath().str(), name, kind.str()});
      }
    }
  }
  return files;
}

void viz::writeDiagrams(std::vector<DiagramFile> files,
                        std::vector<std::string> &written,
                        std::vector<std::string> &errors) {
  std::stable_sort(files.begin(), files.end(),
                   [](const DiagramFile &a, const DiagramFile &b) {
                     return a.path < b.path;
                   });
  // A folder that cannot be created is reported once, not once per file.
  llvm::StringSet<> failedFolders;
  for (const DiagramFile &file : files) {
    StringRef folder = llvm::sys::path::parent_path(file.path);
    if (failedFolders.contains(folder))
      continue;
    if (!folder.empty())
      if (std::error_code ec = llvm::sys::fs::create_directories(folder)) {
        errors.push_back("cannot create '" + folder.str() +
                         "': " + ec.message());
        failedFolders.insert(folder);
        continue;
      }
    if (file.format == "dot") {
      if (writeFile(file.path, file.dot, errors))
        written.push_back(file.path);
      continue;
    }
    llvm::Expected<std::string> data = renderGraph(file.dot, file.format);
    if (!data) {
      errors.push_back(file.path + ": " + llvm::toString(data.takeError()));
      continue;
    }
    if (writeFile(file.path, *data, errors))
      written.push_back(file.path);
  }
}
