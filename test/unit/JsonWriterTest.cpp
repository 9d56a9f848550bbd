//===- JsonWriterTest.cpp - The same bytes as llvm::json::OStream ---------===//

#include "reporters/JsonWriter.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <limits>
#include <random>

using namespace memlint;

namespace {
/// Builds the same random document with JsonWriter and with
/// llvm::json::OStream (indent 2), through one set of calls.
class TwoWriters {
public:
  TwoWriters() : os(reference), ref(os, /*IndentSize=*/2), fast(out) {}

  template <typename Fn> void object(Fn &&contents) {
    fast.object([&] { ref.object(contents); });
  }
  template <typename Fn> void array(Fn &&contents) {
    fast.array([&] { ref.array(contents); });
  }
  void value(llvm::StringRef text) {
    fast.value(text);
    ref.value(llvm::json::isUTF8(text)
                  ? llvm::json::Value(text)
                  : llvm::json::Value(llvm::json::fixUTF8(text)));
  }
  void value(int64_t number) {
    fast.value(number);
    ref.value(number);
  }
  void attributeBegin(llvm::StringRef key) {
    fast.attributeBegin(key);
    ref.attributeBegin(key);
  }
  void attributeEnd() {
    fast.attributeEnd();
    ref.attributeEnd();
  }

  std::pair<std::string, std::string> finish() {
    os.flush();
    return {out, reference};
  }

private:
  std::string reference, out;
  llvm::raw_string_ostream os;
  llvm::json::OStream ref;
  JsonWriter fast;
};

/// Strings with what needs escaping or repair: quotes, backslashes, control
/// characters, DEL, valid and invalid UTF-8.
std::string randomString(std::mt19937 &rng) {
  static const std::vector<std::string> pieces = {"a",
                                                  "memref<4xf32>",
                                                  "\"",
                                                  "\\",
                                                  "\n",
                                                  "\t",
                                                  "\r",
                                                  "\b",
                                                  "\f",
                                                  std::string(1, '\0'),
                                                  "\x01",
                                                  "\x1f",
                                                  "\x7f",
                                                  "\xc3\xa9",
                                                  "\xe2\x82\xac",
                                                  "\xf0\x9f\x98\x80",
                                                  "\xff",
                                                  "\xc3",
                                                  "\xe2\x82",
                                                  " ",
                                                  "%alloc_0",
                                                  "/"};
  std::string text;
  int n = rng() % 16;
  for (int i = 0; i < n; ++i)
    text += pieces[rng() % pieces.size()];
  return text;
}

int64_t randomInt(std::mt19937 &rng) {
  static const int64_t special[] = {0,
                                    1,
                                    -1,
                                    42,
                                    1234567890123,
                                    std::numeric_limits<int64_t>::min(),
                                    std::numeric_limits<int64_t>::max()};
  return rng() % 2 ? special[rng() % 7] : int64_t(rng()) - (1 << 30);
}

void randomValue(TwoWriters &w, std::mt19937 &rng, int depth) {
  switch (depth > 3 ? rng() % 2 : rng() % 4) {
  case 0:
    w.value(randomString(rng));
    return;
  case 1:
    w.value(randomInt(rng));
    return;
  case 2:
    w.array([&] {
      for (int i = 0, n = rng() % 4; i < n; ++i)
        randomValue(w, rng, depth + 1);
    });
    return;
  default:
    w.object([&] {
      for (int i = 0, n = rng() % 4; i < n; ++i) {
        w.attributeBegin("key" + std::to_string(i));
        randomValue(w, rng, depth + 1);
        w.attributeEnd();
      }
    });
  }
}
} // namespace

TEST(JsonWriterTest, SameBytesAsLLVMJsonOStream) {
  for (unsigned seed = 0; seed < 2000; ++seed) {
    std::mt19937 rng(seed);
    TwoWriters w;
    randomValue(w, rng, 0);
    auto [fast, reference] = w.finish();
    ASSERT_EQ(fast, reference) << "seed " << seed;
  }
}

TEST(JsonWriterTest, EscapesAndRepairs) {
  std::string out;
  JsonWriter j(out);
  j.object([&] {
    j.attribute("s", llvm::StringRef("q\"b\\n\nt\tc\x01\x7f\xc3\xa9\xff"));
    j.attributeArray("empty", [] {});
    j.attribute("n", int64_t(-7));
  });
  EXPECT_EQ(
      out,
      "{\n  \"s\": \"q\\\"b\\\\n\\nt\\tc\\u0001\x7f\xc3\xa9\xef\xbf\xbd\",\n"
      "  \"empty\": [],\n  \"n\": -7\n}");
}

TEST(JsonWriterTest, EveryCharacterAtEveryPosition) {
  // Strings are checked eight bytes at a time: put each byte value at every
  // position of strings of several lengths, across the word boundaries.
  for (unsigned c = 1; c < 256; ++c)
    for (size_t length = 1; length <= 20; ++length)
      for (size_t at = 0; at < length; ++at) {
        std::string text(length, 'a');
        text[at] = char(c);
        TwoWriters w;
        w.value(text);
        auto [fast, reference] = w.finish();
        ASSERT_EQ(fast, reference)
            << "byte " << c << " at " << at << " of " << length;
      }
}
