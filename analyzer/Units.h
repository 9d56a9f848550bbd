//===- Units.h - Byte counts for people -------------------------*- C++ -*-===//
//
// "512 bytes", "48 KiB", "1.2 MiB": the sizes of messages and chart axes,
// in binary units with at most one decimal, exact below 1 KiB.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_UNITS_H
#define MEMLINT_ANALYZER_UNITS_H

#include <cstdint>
#include <cstdio>
#include <string>

namespace memlint {

/// `bytes` in the largest binary unit it reaches (bytes, KiB, MiB, GiB,
/// TiB, PiB, EiB), with one decimal unless it is whole: "1 byte",
/// "512 bytes", "4 KiB", "1.5 MiB".
inline std::string formatBytes(uint64_t bytes) {
  if (bytes < 1024)
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  static const char *const kUnits[] = {"KiB", "MiB", "GiB",
                                       "TiB", "PiB", "EiB"};
  unsigned unit = 0;
  // The value in tenths of the unit, rounded to nearest, computed without
  // overflow: bytes / 1024^(unit+1) with the remainder's tenths.
  uint64_t scale = 1024;
  while (unit + 1 < 6 && bytes / scale >= 1024) {
    scale *= 1024;
    ++unit;
  }
  uint64_t whole = bytes / scale;
  uint64_t tenths = ((bytes % scale) * 10 + scale / 2) / scale;
  // (bytes % scale) * 10 cannot overflow: scale <= 2^60.
  if (tenths == 10) {
    ++whole;
    tenths = 0;
  }
  char text[48];
  if (tenths == 0)
    std::snprintf(text, sizeof(text), "%llu %s",
                  static_cast<unsigned long long>(whole), kUnits[unit]);
  else
    std::snprintf(text, sizeof(text), "%llu.%llu %s",
                  static_cast<unsigned long long>(whole),
                  static_cast<unsigned long long>(tenths), kUnits[unit]);
  return text;
}

} // namespace memlint

#endif // MEMLINT_ANALYZER_UNITS_H
