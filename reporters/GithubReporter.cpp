//===- GithubReporter.cpp - GitHub Actions workflow annotations ------------===//
//
// `::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=T::message`, with
// the escaping of @actions/core: in the message `%`, CR and LF; in property
// values also `:` and `,`.
//
//===----------------------------------------------------------------------===//

#include "reporters/Fingerprints.h"
#include "reporters/Reporters.h"

using namespace memlint;

static std::string escape(llvm::StringRef text, bool property) {
  std::string result;
  for (char c : text) {
    switch (c) {
    case '%':
      result += "%25";
      break;
    case '\r':
      result += "%0D";
      break;
    case '\n':
      result += "%0A";
      break;
    case ':':
      result += property ? "%3A" : ":";
      break;
    case ',':
      result += property ? "%2C" : ",";
      break;
    default:
      result += c;
    }
  }
  return result;
}

std::string memlint::escapeGithubData(llvm::StringRef text) {
  return escape(text, /*property=*/false);
}

std::string memlint::escapeGithubProperty(llvm::StringRef text) {
  return escape(text, /*property=*/true);
}

namespace {
/// Converts byte columns to UTF-16 columns with the text of the inputs.
class ColumnMapper {
public:
  explicit ColumnMapper(const SourceTexts &sources) : sources(sources) {}

  unsigned map(const std::string &file, unsigned line, unsigned column) {
    auto it = sources.find(file);
    if (it == sources.end() || line == 0)
      return column;
    llvm::StringRef text = it->second;
    size_t start = 0;
    for (unsigned i = 1; i < line && start != llvm::StringRef::npos; ++i) {
      start = text.find('\n', start);
      if (start != llvm::StringRef::npos)
        ++start;
    }
    if (start == llvm::StringRef::npos)
      return column;
    return toUtf16Column(text.substr(start).split('\n').first, column);
  }

private:
  const SourceTexts &sources;
};
} // namespace

/// The artifact path of a file shown as `path` (GitHub wants paths relative
/// to the repository, which --base-dir names).
static llvm::StringRef
artifactPath(const std::map<std::string, std::string> &paths,
             const std::string &path) {
  auto it = paths.find(path);
  return it == paths.end() ? llvm::StringRef(path) : it->second;
}

static void printCommand(llvm::raw_ostream &os, llvm::StringRef command,
                         const FindingLocation &loc, ColumnMapper &columns,
                         const std::map<std::string, std::string> &paths,
                         llvm::StringRef title, llvm::StringRef message) {
  const SourceRange &r = loc.range;
  os << "::" << command
     << " file=" << escapeGithubProperty(artifactPath(paths, loc.file));
  if (r.isValid()) {
    os << ",line=" << r.line;
    if (r.column)
      os << ",col=" << columns.map(loc.file, r.line, r.column);
    if (r.endLine >= r.line) {
      os << ",endLine=" << r.endLine;
      if (r.endColumn)
        os << ",endColumn=" << columns.map(loc.file, r.endLine, r.endColumn);
    }
  }
  os << ",title=" << escapeGithubProperty(title)
     << "::" << escapeGithubData(message) << "\n";
}

void memlint::printGithubAnnotations(llvm::raw_ostream &os,
                                     const std::vector<FileStatus> &files,
                                     const std::vector<Finding> &findings,
                                     const SourceTexts &sources) {
  ColumnMapper columns(sources);
  std::map<std::string, std::string> paths = getArtifactPaths(files);
  for (const FileStatus &file : files) {
    if (file.ok)
      continue;
    printCommand(os, "error", {file.path, file.errorRange}, columns, paths,
                 "mlir-memlint: input not linted",
                 file.errorMessage.empty() ? file.diagnostic
                                           : file.errorMessage);
  }
  for (const Finding &finding : findings) {
    llvm::StringRef command = finding.level == Level::Error     ? "error"
                              : finding.level == Level::Warning ? "warning"
                                                                : "notice";
    std::string message = finding.message + " [" + finding.rule +
                      (finding.promoted ? ",-warnings-as-errors]" : "]");
    for (const FindingNote &note : finding.notes) {
      message += "\n" + artifactPath(paths, note.location.file).str() + ":" +
                 std::to_string(note.location.range.line) + ":" +
                 std::to_string(note.location.range.column) +
                 ": note: " + note.message;
    }
    printCommand(os, command, finding.location, columns, paths, finding.rule,
                 message);
  }
}
