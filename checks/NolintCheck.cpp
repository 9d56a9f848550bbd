//===- NolintCheck.cpp - memlint-nolint -----------------------------------===//
//
// NOLINT comments are read from the text the module was parsed from (one
// chunk with --split-input-file); the suppressions themselves are applied by
// the driver with the same parser (checks/Nolint.h).
//
//===----------------------------------------------------------------------===//

#include "checks/NolintCheck.h"
#include "checks/Nolint.h"

using namespace memlint;

void NolintCheck::run(const LintContext &context,
                      std::vector<Finding> &findings) {
  NolintSuppressions nolint(context.getSource().getText());
  for (const NolintSuppressions::Problem &problem : nolint.getProblems()) {
    Finding finding;
    finding.rule = getName().str();
    finding.level = getLevel();
    finding.location = {context.getFilePath().str(), problem.range};
    finding.message = problem.message;
    finding.allPaths = true;
    findings.push_back(std::move(finding));
  }
}
