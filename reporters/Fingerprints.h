//===- Fingerprints.h - Stable identities of findings ----------*- C++ -*-===//
//
// Two fingerprints identify a finding across runs:
//  - GitHub's `primaryLocationLineHash`, a rolling hash of the text starting
//    at the primary line, computed exactly as github/codeql-action's
//    upload-sarif does (so the upload keeps ours instead of warning);
//  - a semantic fingerprint from the rule, file, function, op and buffer
//    names and an occurrence index, which ignores line numbers and therefore
//    survives unrelated edits above a finding. Baselines match on it.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_REPORTERS_FINGERPRINTS_H
#define MEMLINT_REPORTERS_FINGERPRINTS_H

#include "checks/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace memlint {

/// The key of the semantic fingerprint in SARIF `partialFingerprints`.
inline constexpr llvm::StringLiteral kSemanticFingerprintKey =
    "memlintSemanticHash/v1";

/// GitHub's line hashes of a file: element i is the `primaryLocationLineHash`
/// of line i + 1 ("<hex>:<n>", n counting equal hashes from the top). Lines
/// are those of codeql-action: '\n', '\r' and "\r\n" end a line, and a last
/// line follows the final line break.
std::vector<std::string> computeLineHashes(llvm::StringRef text);

/// The text decoded from UTF-8 into UTF-16 code units as Node.js decodes it
/// (an invalid sequence becomes U+FFFD).
std::vector<uint16_t> decodeUtf8ToUtf16(llvm::StringRef text);

/// Converts a 1-based byte column on `line` (the text from the start of the
/// line) into a 1-based column in UTF-16 code units, SARIF's default column
/// kind. A column past the end of the line counts the missing bytes as one
/// unit each.
unsigned toUtf16Column(llvm::StringRef line, unsigned byteColumn);

/// The semantic fingerprints of `findings`, in order. Findings must be given
/// sorted, all findings of a run (suppressed ones too), so that the
/// occurrence index of equal identities is the same from run to run.
/// `file`, when given, names the file of every finding instead of its
/// location's (the artifact path, which does not depend on how the path
/// was given).
std::vector<std::string>
computeSemanticFingerprints(llvm::ArrayRef<const Finding *> findings,
                            llvm::StringRef file = {});

} // namespace memlint

#endif // MEMLINT_REPORTERS_FINGERPRINTS_H
