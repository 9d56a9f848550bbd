//===- ToolInfo.h - Name, version and home page of the tool ----*- C++ -*-===//

#ifndef MEMLINT_REPORTERS_TOOLINFO_H
#define MEMLINT_REPORTERS_TOOLINFO_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace memlint {

/// The version of mlir-memlint (MEMLINT_VERSION in CMakeLists.txt).
llvm::StringRef getToolVersion();
/// The project's home page (the MEMLINT_INFORMATION_URI CMake setting).
llvm::StringRef getInformationUri();
/// The doc page of a rule under the home page.
std::string getRuleHelpUri(llvm::StringRef rule);

} // namespace memlint

#endif // MEMLINT_REPORTERS_TOOLINFO_H
