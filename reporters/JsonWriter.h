//===- JsonWriter.h - Fast indented JSON, formatted as llvm::json does ----===//
//
// The JSON report of a large run holds tens of megabytes. llvm::json::OStream
// writes it a character at a time; this writer appends to a string and copies
// strings without characters to escape in one piece, about four times as
// fast, with the same bytes as OStream with an indent of 2
// (test/unit/JsonWriterTest.cpp compares the two on random documents).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_REPORTERS_JSONWRITER_H
#define MEMLINT_REPORTERS_JSONWRITER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace memlint {

/// llvm::json::OStream's output (IndentSize 2) for the calls used here:
/// `{`/`[` then one value per line, `"key": value`, `,` between, and an
/// empty object or array as `{}`/`[]`. Strings that are not valid UTF-8 are
/// repaired as llvm::json::Value does.
class JsonWriter {
public:
  explicit JsonWriter(std::string &out) : out(out) {
    stack.push_back({Context::Singleton, false});
  }

  template <typename Fn> void object(Fn &&contents) {
    valueBegin();
    open(Context::Object, '{');
    contents();
    close('}');
  }
  template <typename Fn> void array(Fn &&contents) {
    valueBegin();
    open(Context::Array, '[');
    contents();
    close(']');
  }
  void value(llvm::StringRef text) {
    valueBegin();
    quote(text);
  }
  void value(int64_t number) {
    valueBegin();
    char digits[24];
    auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), number);
    (void)ec;
    out.append(digits, end);
  }

  /// A number of seconds or other measure, with six decimals (not as
  /// llvm::json prints a double, which shows its binary rounding).
  void value(double number) {
    valueBegin();
    char digits[64];
    int n = std::snprintf(digits, sizeof(digits), "%.6f", number);
    out.append(digits, n > 0 ? size_t(n) : 0);
  }

  void attributeBegin(llvm::StringRef key) {
    Level &top = stack.back();
    if (top.hasValue)
      out += ',';
    newline();
    top.hasValue = true;
    stack.push_back({Context::Singleton, false});
    quote(key);
    out += ": ";
  }
  void attributeEnd() { stack.pop_back(); }
  template <typename T> void attribute(llvm::StringRef key, const T &v) {
    attributeBegin(key);
    value(v);
    attributeEnd();
  }
  void attribute(llvm::StringRef key, const char *v) {
    attribute(key, llvm::StringRef(v));
  }
  void attribute(llvm::StringRef key, const std::string &v) {
    attribute(key, llvm::StringRef(v));
  }
  void attribute(llvm::StringRef key, int v) { attribute(key, int64_t(v)); }
  template <typename Fn>
  void attributeArray(llvm::StringRef key, Fn &&contents) {
    attributeBegin(key);
    array(contents);
    attributeEnd();
  }

  template <typename Fn>
  void attributeObject(llvm::StringRef key, Fn &&contents) {
    attributeBegin(key);
    object(contents);
    attributeEnd();
  }

private:
  enum class Context { Singleton, Array, Object };
  struct Level {
    Context context;
    bool hasValue;
  };

  void valueBegin() {
    Level &top = stack.back();
    if (top.hasValue)
      out += ',';
    if (top.context == Context::Array)
      newline();
    top.hasValue = true;
  }
  void open(Context context, char bracket) {
    stack.push_back({context, false});
    indent += 2;
    out += bracket;
  }
  void close(char bracket) {
    indent -= 2;
    if (stack.back().hasValue)
      newline();
    out += bracket;
    stack.pop_back();
  }
  void newline() {
    out += '\n';
    out.append(indent, ' ');
  }
  /// True when `text` is ASCII without control characters, quotes or
  /// backslashes (almost every string of a report): it is written as is.
  /// Eight bytes at a time: a byte of 0x80 or more, one below 0x20, or one
  /// equal to '"' or '\\' makes a word not plain.
  static bool isPlain(llvm::StringRef text) {
    constexpr uint64_t ones = 0x0101010101010101ULL, high = ones * 0x80;
    auto hasZeroByte = [&](uint64_t v) { return (v - ones) & ~v & high; };
    size_t i = 0, n = text.size();
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, text.data() + i, 8);
      if ((w & high) || ((w - ones * 0x20) & ~w & high) ||
          hasZeroByte(w ^ (ones * '"')) || hasZeroByte(w ^ (ones * '\\')))
        return false;
    }
    for (; i < n; ++i) {
      unsigned char c = text[i];
      if (c >= 0x80 || c < 0x20 || c == '"' || c == '\\')
        return false;
    }
    return true;
  }
  /// As llvm::json's quote(): `"` and `\` escaped, control characters as
  /// \t, \n, \r or \u00XX; everything else (UTF-8 included) as is.
  void quote(llvm::StringRef text) {
    if (isPlain(text)) {
      out += '"';
      out.append(text.data(), text.size());
      out += '"';
      return;
    }
    std::string repaired;
    for (char c : text)
      if (static_cast<unsigned char>(c) >= 0x80) {
        if (!llvm::json::isUTF8(text)) {
          repaired = llvm::json::fixUTF8(text);
          text = repaired;
        }
        break;
      }
    out += '"';
    const char *run = text.begin();
    for (const char *p = text.begin(), *e = text.end(); p != e; ++p) {
      unsigned char c = *p;
      if (c >= 0x20 && c != '"' && c != '\\')
        continue;
      out.append(run, p);
      run = p + 1;
      out += '\\';
      switch (c) {
      case '"':
      case '\\':
        out += char(c);
        break;
      case '\t':
        out += 't';
        break;
      case '\n':
        out += 'n';
        break;
      case '\r':
        out += 'r';
        break;
      default: {
        static const char hex[] = "0123456789abcdef";
        out += "u00";
        out += hex[c >> 4];
        out += hex[c & 15];
      }
      }
    }
    out.append(run, text.end());
    out += '"';
  }

  std::string &out;
  llvm::SmallVector<Level, 8> stack;
  unsigned indent = 0;
};

} // namespace memlint

#endif // MEMLINT_REPORTERS_JSONWRITER_H
