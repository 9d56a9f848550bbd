//===- ToolInfo.cpp - Name, version and home page of the tool -------------===//

#include "reporters/ToolInfo.h"

#include "llvm/ADT/Twine.h"

llvm::StringRef memlint::getToolVersion() { return MEMLINT_VERSION_STRING; }

llvm::StringRef memlint::getInformationUri() {
  return MEMLINT_INFORMATION_URI;
}

std::string memlint::getRuleHelpUri(llvm::StringRef rule) {
  return (llvm::Twine(getInformationUri()) + "/blob/main/docs/checks/" + rule + ".md")
      .str();
}
