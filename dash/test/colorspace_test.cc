// dash::tools::color: rgb <-> hsv conversions and the "#rrggbb" notation
// the pattern visualizer writes.
#include <sstream>
#include <string>

#include <dash/tools/PatternVisualizer.h>

#include "dash_test.h"

namespace {

namespace color = dash::tools::color;

TEST(Colorspace, PrimaryColoursConvertBothWays) {
  auto red = color::rgb2hsv(color::rgb{1.0, 0.0, 0.0});
  EXPECT_DOUBLE_EQ(red.h, 0.0);
  EXPECT_DOUBLE_EQ(red.s, 1.0);
  EXPECT_DOUBLE_EQ(red.v, 1.0);
  EXPECT_DOUBLE_EQ(color::rgb2hsv(color::rgb{0.0, 0.5, 0.0}).h, 120.0);
  EXPECT_DOUBLE_EQ(color::rgb2hsv(color::rgb{0.0, 0.0, 0.25}).h, 240.0);
  EXPECT_DOUBLE_EQ(color::rgb2hsv(color::rgb{1.0, 0.0, 1.0}).h, 300.0);
  auto grey = color::rgb2hsv(color::rgb{0.4, 0.4, 0.4});
  EXPECT_DOUBLE_EQ(grey.s, 0.0);
  EXPECT_DOUBLE_EQ(grey.v, 0.4);
  auto cyan = color::hsv2rgb(color::hsv{180.0, 1.0, 1.0});
  EXPECT_DOUBLE_EQ(cyan.r, 0.0);
  EXPECT_DOUBLE_EQ(cyan.g, 1.0);
  EXPECT_DOUBLE_EQ(cyan.b, 1.0);
}

TEST(Colorspace, RoundTripAndHex) {
  for (double h = 0; h < 360; h += 17) {
    auto back = color::rgb2hsv(color::hsv2rgb(color::hsv{h, 0.6, 0.7}));
    EXPECT_NEAR(back.h, h, 1e-9);
    EXPECT_NEAR(back.s, 0.6, 1e-9);
    EXPECT_NEAR(back.v, 0.7, 1e-9);
  }
  EXPECT_EQ(color::to_hex(color::hsv2rgb(color::hsv{120.0, 0.5, 0.8})), "#66cc66");
  EXPECT_EQ(color::to_hex(color::rgb{1.5, -0.2, 0.5}), "#ff0080");
  // Hues wrap around.
  EXPECT_EQ(color::to_hex(color::hsv2rgb(color::hsv{480.0, 1.0, 1.0})),
            color::to_hex(color::hsv2rgb(color::hsv{120.0, 1.0, 1.0})));
}

TEST(Colorspace, VisualizerColoursUnitsByHue) {
  if (dash::myid() != 0) return;
  dash::Pattern<2> pattern(4, 4, dash::BLOCKED, dash::NONE, dash::TeamSpec<2>(2, 1));
  dash::tools::PatternVisualizer<dash::Pattern<2>> pv(pattern);
  std::ostringstream svg;
  pv.draw_pattern(svg);
  // Unit 0 hue 0, unit 1 hue 137.508 (the golden angle), s 0.55, v 0.85.
  EXPECT_NE(svg.str().find(color::to_hex(color::hsv2rgb(color::hsv{0.0, 0.55, 0.85}))), std::string::npos);
  EXPECT_NE(svg.str().find(color::to_hex(color::hsv2rgb(color::hsv{137.508, 0.55, 0.85}))),
            std::string::npos);
}

}  // namespace
