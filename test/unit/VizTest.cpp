//===- VizTest.cpp - Plan chart, file names, in-process rendering ---------===//

#include "viz/Diagrams.h"
#include "viz/Render.h"
#include "viz/VizWriter.h"

#include <gtest/gtest.h>

using namespace memlint;
using namespace memlint::viz;

TEST(PlanChartTest, BoxesPinnedInAddressAndTime) {
  // A hand-made plan: a and b share addresses at disjoint times, c sits
  // above them.
  std::vector<PlanBox> boxes = {{"%a", 0, 4, 0, 64, ""},
                                {"%b", 4, 10, 0, 64, ""},
                                {"%c", 2, 8, 64, 32, ""}};
  std::string dot = renderPlanDot("plan of @f", boxes);
  EXPECT_NE(dot.find("layout=neato"), std::string::npos);
  // 10 program points over 720 points: 72 per point; 96 bytes over 432.
  // %a: x in [0, 288], y in [0, 288]: centre (144, 144).
  EXPECT_NE(dot.find("p0 [label=\"#1 %a\", pos=\"144.00,144.00!\", "
                     "width=4.0000, height=4.0000, fillcolor=\"#90caf9\""),
            std::string::npos)
      << dot;
  // %c: x in [144, 576], y in [288, 432].
  EXPECT_NE(dot.find("p2 [label=\"#3 %c\", pos=\"360.00,360.00!\""),
            std::string::npos)
      << dot;
  EXPECT_EQ(dot.find("#ef5350"), std::string::npos) << "no overlap expected";
}

TEST(PlanChartTest, OverlappingBuffersAreRed) {
  std::vector<PlanBox> boxes = {{"%a", 0, 5, 0, 64, ""},
                                {"%b", 4, 10, 32, 64, ""},
                                {"%c", 5, 10, 0, 16, ""}};
  std::string dot = renderPlanDot("bad plan", boxes);
  EXPECT_NE(dot.find("p0 [label=\"#1 %a\""), std::string::npos);
  size_t a = dot.find("p0 ["), b = dot.find("p1 ["), c = dot.find("p2 [");
  // %a and %b overlap in [4, 5) x [32, 64); %c is disjoint from both.
  EXPECT_NE(dot.find("#ef5350", a), std::string::npos);
  EXPECT_LT(dot.find("#ef5350", a), b);
  EXPECT_LT(dot.find("#ef5350", b), c);
  EXPECT_EQ(dot.find("#ef5350", c), std::string::npos);
  EXPECT_NE(dot.find("overlaps a buffer live at the same time"),
            std::string::npos);
}

TEST(PlanChartTest, RendersInProcess) {
  std::vector<PlanBox> boxes = {{"%a", 0, 4, 0, 64, ""},
                                {"%b", 4, 10, 0, 64, ""}};
  llvm::Expected<std::string> svg =
      renderGraph(renderPlanDot("plan", boxes), "svg");
  ASSERT_TRUE(bool(svg)) << llvm::toString(svg.takeError());
  EXPECT_NE(svg->find("<svg"), std::string::npos);
  EXPECT_NE(svg->find("%a"), std::string::npos);
  EXPECT_NE(svg->find("%b"), std::string::npos);
}

TEST(RenderTest, BadDotIsAnError) {
  llvm::Expected<std::string> svg = renderGraph("digraph { a -> ", "svg");
  ASSERT_FALSE(bool(svg));
  EXPECT_NE(llvm::toString(svg.takeError()).find("graphviz"),
            std::string::npos);
}

TEST(RenderTest, PngSignature) {
  llvm::Expected<std::string> png = renderGraph("digraph { a -> b }", "png");
  ASSERT_TRUE(bool(png)) << llvm::toString(png.takeError());
  ASSERT_GT(png->size(), 8u);
  EXPECT_EQ(png->substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

TEST(VizFileNameTest, Deterministic) {
  EXPECT_EQ(getDiagramFileName("a.mlir", 0, "f", "lifetime", "svg"),
            "a.f.lifetime.svg");
  EXPECT_EQ(getDiagramFileName("../x/b c.mlir", 2, "g$1", "cfg", "dot"),
            "x_b_c.chunk2.g_1.cfg.dot");
}
