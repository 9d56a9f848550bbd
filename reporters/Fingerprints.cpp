//===- Fingerprints.cpp - Stable identities of findings -------------------===//

#include "reporters/Fingerprints.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <map>
#include <tuple>

using namespace memlint;

//===----------------------------------------------------------------------===//
// UTF-8 to UTF-16, as Node.js decodes a file read with the 'utf8' encoding
//===----------------------------------------------------------------------===//

std::vector<uint16_t> memlint::decodeUtf8ToUtf16(llvm::StringRef text) {
  // The WHATWG UTF-8 decoder: each maximal invalid subpart becomes one
  // U+FFFD. A byte order mark is kept, as Node's string decoder keeps it.
  std::vector<uint16_t> out;
  out.reserve(text.size());
  auto emit = [&](uint32_t cp) {
    if (cp < 0x10000) {
      out.push_back(static_cast<uint16_t>(cp));
      return;
    }
    cp -= 0x10000;
    out.push_back(static_cast<uint16_t>(0xD800 + (cp >> 10)));
    out.push_back(static_cast<uint16_t>(0xDC00 + (cp & 0x3FF)));
  };
  uint32_t cp = 0;
  unsigned needed = 0, seen = 0;
  uint8_t lower = 0x80, upper = 0xBF;
  for (size_t i = 0; i < text.size(); ++i) {
    uint8_t b = static_cast<uint8_t>(text[i]);
    if (needed == 0) {
      if (b <= 0x7F) {
        out.push_back(b);
      } else if (b >= 0xC2 && b <= 0xDF) {
        needed = 1;
        cp = b & 0x1F;
      } else if (b >= 0xE0 && b <= 0xEF) {
        if (b == 0xE0)
          lower = 0xA0;
        if (b == 0xED)
          upper = 0x9F;
        needed = 2;
        cp = b & 0xF;
      } else if (b >= 0xF0 && b <= 0xF4) {
        if (b == 0xF0)
          lower = 0x90;
        if (b == 0xF4)
          upper = 0x8F;
        needed = 3;
        cp = b & 0x7;
      } else {
        out.push_back(0xFFFD);
      }
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence ends early: one replacement, then read `b` afresh.
      cp = needed = seen = 0;
      lower = 0x80;
      upper = 0xBF;
      out.push_back(0xFFFD);
      --i;
      continue;
    }
    lower = 0x80;
    upper = 0xBF;
    cp = (cp << 6) | (b & 0x3F);
    if (++seen == needed) {
      emit(cp);
      cp = needed = seen = 0;
    }
  }
  if (needed)
    out.push_back(0xFFFD);
  return out;
}

unsigned memlint::toUtf16Column(llvm::StringRef line, unsigned byteColumn) {
  if (byteColumn <= 1)
    return byteColumn;
  size_t bytes = byteColumn - 1;
  size_t present = std::min(bytes, line.size());
  llvm::StringRef prefix = line.take_front(present);
  if (llvm::all_of(prefix, [](char c) { return (c & 0x80) == 0; }))
    return byteColumn;
  size_t units = decodeUtf8ToUtf16(line.take_front(present)).size();
  return static_cast<unsigned>(units + (bytes - present) + 1);
}

//===----------------------------------------------------------------------===//
// GitHub's primaryLocationLineHash
//===----------------------------------------------------------------------===//

// The algorithm of github/codeql-action (src/fingerprints.ts): a rolling
// polynomial hash (base 37, 64-bit two's complement wrap-around) over a
// window of the next 100 UTF-16 code units that are not a space or a tab,
// taken at the first such unit of each line. Line breaks are normalised to
// '\n' and are part of the window; the end of the file is the unit 65535
// followed by zeros. Each line's hash is printed in hexadecimal with a
// ":<n>" suffix, n counting the lines with that hash so far.
std::vector<std::string> memlint::computeLineHashes(llvm::StringRef text) {
  constexpr unsigned kBlockSize = 100;
  constexpr uint64_t kMod = 37;
  constexpr uint32_t kTab = '\t', kSpace = ' ', kLf = '\n', kCr = '\r',
                     kEof = 65535;
  uint64_t firstMod = 1;
  for (unsigned i = 0; i < kBlockSize; ++i)
    firstMod *= kMod;

  uint32_t window[kBlockSize] = {};
  int64_t lineNumbers[kBlockSize];
  std::fill(std::begin(lineNumbers), std::end(lineNumbers), -1);
  uint64_t hash = 0;
  unsigned index = 0;
  int64_t lineNumber = 0;
  bool lineStart = true, prevCR = false;
  std::map<uint64_t, unsigned> hashCounts;
  std::vector<std::string> result;

  auto outputHash = [&] {
    unsigned count = ++hashCounts[hash];
    size_t line = static_cast<size_t>(lineNumbers[index]);
    if (result.size() < line)
      result.resize(line);
    result[line - 1] = llvm::utohexstr(hash, /*LowerCase=*/true) + ":" +
                       std::to_string(count);
    lineNumbers[index] = -1;
  };
  auto updateHash = [&](uint32_t current) {
    uint32_t begin = window[index];
    window[index] = current;
    hash = kMod * hash + current - firstMod * begin;
    index = (index + 1) % kBlockSize;
  };
  auto processCharacter = [&](uint32_t current) {
    if (current == kSpace || current == kTab || (prevCR && current == kLf)) {
      prevCR = false;
      return;
    }
    if (current == kCr) {
      current = kLf;
      prevCR = true;
    } else {
      prevCR = false;
    }
    if (lineNumbers[index] != -1)
      outputHash();
    if (lineStart) {
      lineStart = false;
      lineNumbers[index] = ++lineNumber;
    }
    if (current == kLf)
      lineStart = true;
    updateHash(current);
  };

  for (uint16_t unit : decodeUtf8ToUtf16(text))
    processCharacter(unit);
  processCharacter(kEof);
  for (unsigned i = 0; i < kBlockSize; ++i) {
    if (lineNumbers[index] != -1)
      outputHash();
    updateHash(0);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Semantic fingerprint
//===----------------------------------------------------------------------===//

std::vector<std::string>
memlint::computeSemanticFingerprints(llvm::ArrayRef<const Finding *> findings,
                                     llvm::StringRef file) {
  using Identity = std::tuple<std::string, std::string, std::string,
                              std::string, std::string>;
  std::map<Identity, unsigned> occurrences;
  std::vector<std::string> result;
  result.reserve(findings.size());
  for (const Finding *finding : findings) {
    Identity identity{finding->rule,
                      file.empty() ? finding->location.file : file.str(),
                      finding->function,
                      finding->opName, finding->subject};
    unsigned occurrence = occurrences[identity]++;
    // Fields joined with NUL, which none of them contains.
    std::string key;
    for (const std::string *field :
         {&std::get<0>(identity), &std::get<1>(identity),
          &std::get<2>(identity), &std::get<3>(identity),
          &std::get<4>(identity)}) {
      key += *field;
      key += '\0';
    }
    key += std::to_string(occurrence);
    llvm::XXH128_hash_t h = llvm::xxh3_128bits(
        llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(key.data()),
                                key.size()));
    result.push_back(llvm::utohexstr(h.high64, true, 16) +
                     llvm::utohexstr(h.low64, true, 16));
  }
  return result;
}
