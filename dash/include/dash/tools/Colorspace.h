#ifndef DASH_TOOLS_COLORSPACE_H
#define DASH_TOOLS_COLORSPACE_H

// Colours as DASH's tools use them (dash::tools::color): rgb and hsv
// triples and the conversions between them, plus the "#rrggbb" notation
// of SVG/CSS.
//
//   dash::tools::color::hsv hsv{120.0, 0.5, 0.8};       // h in degrees
//   auto rgb = dash::tools::color::hsv2rgb(hsv);         // r, g, b in [0, 1]
//   std::string css = dash::tools::color::to_hex(rgb);   // "#66cc66"

#include <cmath>
#include <cstdio>
#include <string>

namespace dash::tools::color {

/// Red, green and blue, each in [0, 1].
struct rgb {
  double r;
  double g;
  double b;
};

/// Hue in degrees [0, 360), saturation and value in [0, 1].
struct hsv {
  double h;
  double s;
  double v;
};

/// The hue, saturation and value of `in`; a grey (all channels equal) has
/// hue and saturation 0.
inline hsv rgb2hsv(rgb in) {
  double max = std::fmax(in.r, std::fmax(in.g, in.b));
  double min = std::fmin(in.r, std::fmin(in.g, in.b));
  double chroma = max - min;
  hsv out{0.0, 0.0, max};
  if (chroma < 1e-5 || max <= 0.0) return out;
  out.s = chroma / max;
  // Sector of the colour wheel by the largest channel, offset within it.
  double sector = in.r >= max   ? (in.g - in.b) / chroma
                  : in.g >= max ? 2.0 + (in.b - in.r) / chroma
                                : 4.0 + (in.r - in.g) / chroma;
  out.h = sector * 60.0;
  if (out.h < 0.0) out.h += 360.0;
  return out;
}

/// The red, green and blue of `in` (hues outside [0, 360) wrap around).
inline rgb hsv2rgb(hsv in) {
  if (in.s <= 0.0) return rgb{in.v, in.v, in.v};
  double h = std::fmod(in.h, 360.0);
  if (h < 0.0) h += 360.0;
  h /= 60.0;
  double chroma = in.v * in.s;
  double x = chroma * (1.0 - std::fabs(std::fmod(h, 2.0) - 1.0));
  double m = in.v - chroma;
  switch (static_cast<int>(h) % 6) {
    case 0: return rgb{chroma + m, x + m, m};
    case 1: return rgb{x + m, chroma + m, m};
    case 2: return rgb{m, chroma + m, x + m};
    case 3: return rgb{m, x + m, chroma + m};
    case 4: return rgb{x + m, m, chroma + m};
    default: return rgb{chroma + m, m, x + m};
  }
}

/// "#rrggbb" of `in` (channels clamped to [0, 1], rounded).
inline std::string to_hex(rgb in) {
  auto byte = [](double c) { return static_cast<unsigned>(std::fmin(1.0, std::fmax(0.0, c)) * 255 + 0.5); };
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", byte(in.r), byte(in.g), byte(in.b));
  return buf;
}

}  // namespace dash::tools::color

#endif  // DASH_TOOLS_COLORSPACE_H
