#ifndef DASH_TOOLS_PATTERN_VISUALIZER_H
#define DASH_TOOLS_PATTERN_VISUALIZER_H

// dash::tools::PatternVisualizer<PatternT>, as DASH's: draws a pattern's
// mapping of a two-dimensional slice as an SVG image.
//
//   dash::tools::PatternVisualizer<decltype(pattern)> pv(pattern);
//   pv.set_title("TilePattern<2>(20, 15, TILE(5), TILE(5))");
//   std::ofstream out("pattern.svg");
//   pv.draw_pattern(out);          // element by element
//   pv.draw_pattern(out, true);    // block by block
//
// Element display: one square per element, filled with its unit's colour
// and with class "unit-U" (U = pattern.unit_at), its tooltip (<title>)
// naming coordinates, unit and local index; block outlines; and the local
// memory order of unit 0 as a line through its elements in local index
// order. Block display: one square per block, coloured and classed by the
// unit owning it. Both have a key with each unit's colour. Dimension dimy
// runs down, dimx across; the other coordinates are fixed at `coords`.
// Pure index arithmetic on the pattern: call it on one unit.

#include <array>
#include <cmath>
#include <cstddef>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

#include <dash/tools/Colorspace.h>

namespace dash::tools {

template <typename PatternT>
class PatternVisualizer {
  static constexpr std::size_t N = PatternT::ndim();
  using index_t = typename PatternT::index_type;
  using coords_t = std::array<std::size_t, N>;

 public:
  /// `title` is drawn above the pattern; `descr` is kept (DASH: unused).
  explicit PatternVisualizer(const PatternT &pattern, std::string title = "", std::string descr = "")
      : pattern_(pattern), title_(std::move(title)), descr_(std::move(descr)) {}
  PatternVisualizer(const PatternVisualizer &) = delete;
  PatternVisualizer &operator=(const PatternVisualizer &) = delete;

  void set_title(const std::string &title) { title_ = title; }
  void set_description(const std::string &descr) { descr_ = descr; }

  /// Writes the SVG image of the slice through `coords` spanned by
  /// dimensions dimy (down) and dimx (across) to `os`. Throws
  /// std::invalid_argument unless dimx and dimy are distinct dimensions.
  void draw_pattern(std::ostream &os, bool blocked_display = false, std::array<index_t, N> coords = {},
                    int dimx = 1, int dimy = 0) {
    if (N == 1) dimx = dimy = 0;
    if (dimx < 0 || dimy < 0 || std::size_t(dimx) >= N || std::size_t(dimy) >= N || (N > 1 && dimx == dimy))
      throw std::invalid_argument("dash::tools::PatternVisualizer: invalid dimensions " +
                                  std::to_string(dimx) + ", " + std::to_string(dimy));
    dimx_ = static_cast<std::size_t>(dimx);
    dimy_ = static_cast<std::size_t>(dimy);
    for (std::size_t d = 0; d < N; ++d) base_[d] = static_cast<std::size_t>(coords[d]);
    base_[dimx_] = base_[dimy_] = 0;
    nx_ = N == 1 ? pattern_.extent(0) : pattern_.extent(dimx_);
    ny_ = N == 1 ? 1 : pattern_.extent(dimy_);
    cell_ = blocked_display ? block_cell : elem_cell;

    std::size_t cols = blocked_display ? nblocks_along(dimx_) : nx_;
    std::size_t rows = N == 1 ? 1 : blocked_display ? nblocks_along(dimy_) : ny_;
    std::size_t grid_w = cols * cell_, grid_h = rows * cell_;
    std::size_t width = margin + grid_w + margin + key_width, height = top + grid_h + margin;
    if (height < top + pattern_.nunits() * key_row + margin)
      height = top + pattern_.nunits() * key_row + margin;

    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
       << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
       << "\" font-family=\"sans-serif\">\n"
       << "<text x=\"" << margin << "\" y=\"20\" font-size=\"12\">" << escape(title_) << "</text>\n"
       << "<text x=\"" << margin << "\" y=\"38\" font-size=\"10\">dim " << dimx_ << " &#8594;</text>\n"
       << "<text x=\"" << margin << "\" y=\"52\" font-size=\"10\">dim " << dimy_ << " &#8595;</text>\n";
    if (blocked_display)
      draw_blocks(os);
    else
      draw_elements(os);
    draw_key(os, margin + grid_w + margin);
    os << "</svg>\n";
  }

 private:
  static constexpr std::size_t elem_cell = 12, block_cell = 26, margin = 10, top = 60, key_width = 90,
                               key_row = 16;

  std::size_t nblocks_along(std::size_t d) const { return pattern_.blockspec().extent(d); }

  // Global coordinates of slice position (y, x).
  coords_t at(std::size_t y, std::size_t x) const {
    coords_t c = base_;
    c[dimx_] = x;
    if (N > 1) c[dimy_] = y;
    return c;
  }

  void draw_elements(std::ostream &os) const {
    os << "<g class=\"elements\" stroke=\"white\" stroke-width=\"0.5\">\n";
    for (std::size_t y = 0; y < ny_; ++y)
      for (std::size_t x = 0; x < nx_; ++x) {
        coords_t c = at(y, x);
        auto li = pattern_.local(c);
        os << "<rect class=\"unit-" << li.unit << "\" x=\"" << px(x) << "\" y=\"" << py(y) << "\" width=\""
           << cell_ << "\" height=\"" << cell_ << "\" fill=\"" << colour(li.unit) << "\"><title>("
           << coords_text(c) << "): unit " << li.unit << ", local index " << li.index << "</title></rect>\n";
      }
    os << "</g>\n<g class=\"blocks\" fill=\"none\" stroke=\"black\" stroke-width=\"1\">\n";
    for (std::size_t b = 0, n = pattern_.nblocks(); b < n; ++b) {
      auto blk = pattern_.block(b);
      if (!in_slice(blk)) continue;
      std::size_t x0 = blk.offsets()[dimx_], w = blk.extents()[dimx_];
      std::size_t y0 = N == 1 ? 0 : blk.offsets()[dimy_], h = N == 1 ? 1 : blk.extents()[dimy_];
      os << "<rect x=\"" << px(x0) << "\" y=\"" << py(y0) << "\" width=\"" << w * cell_ << "\" height=\""
         << h * cell_ << "\"/>\n";
    }
    os << "</g>\n";
    // Local memory order of unit 0: its elements in the slice, joined in
    // local index order.
    os << "<polyline class=\"memory-order-unit-0\" fill=\"none\" stroke=\"black\" stroke-width=\"1\" "
          "points=\"";
    for (std::size_t l = 0, n = pattern_.local_size(0); l < n; ++l) {
      coords_t c = pattern_.global_coords(0, l);
      if (!on_slice(c)) continue;
      std::size_t y = N == 1 ? 0 : c[dimy_];
      os << px(c[dimx_]) + cell_ / 2 << "," << py(y) + cell_ / 2 << " ";
    }
    os << "\"/>\n";
  }

  void draw_blocks(std::ostream &os) const {
    os << "<g class=\"blocks\" stroke=\"white\" stroke-width=\"1\">\n";
    for (std::size_t b = 0, n = pattern_.nblocks(); b < n; ++b) {
      auto blk = pattern_.block(b);
      if (!in_slice(blk)) continue;
      std::size_t unit = pattern_.unit_at(blk.origin());
      std::size_t bx = blk.offsets()[dimx_] / pattern_.blocksize(dimx_);
      std::size_t by = N == 1 ? 0 : blk.offsets()[dimy_] / pattern_.blocksize(dimy_);
      os << "<rect class=\"unit-" << unit << "\" x=\"" << px(bx) << "\" y=\"" << py(by) << "\" width=\""
         << cell_ << "\" height=\"" << cell_ << "\" fill=\"" << colour(unit) << "\"><title>block " << b
         << " at (" << coords_text(blk.origin()) << "): unit " << unit << "</title></rect>\n";
    }
    os << "</g>\n";
  }

  void draw_key(std::ostream &os, std::size_t x) const {
    os << "<g class=\"key\" font-size=\"10\">\n";
    for (std::size_t u = 0; u < pattern_.nunits(); ++u) {
      std::size_t y = top + u * key_row;
      os << "<rect class=\"key-unit-" << u << "\" x=\"" << x << "\" y=\"" << y
         << "\" width=\"12\" height=\"12\" fill=\"" << colour(u) << "\"/><text x=\"" << x + 16 << "\" y=\""
         << y + 10 << "\">unit " << u << "</text>\n";
    }
    os << "</g>\n";
  }

  // True if block `blk` meets the slice (its fixed coordinates inside it).
  template <typename B>
  bool in_slice(const B &blk) const {
    for (std::size_t d = 0; d < N; ++d)
      if (d != dimx_ && d != dimy_ &&
          (base_[d] < blk.origin()[d] || base_[d] >= blk.origin()[d] + blk.extents()[d]))
        return false;
    return true;
  }
  bool on_slice(const coords_t &c) const {
    for (std::size_t d = 0; d < N; ++d)
      if (d != dimx_ && d != dimy_ && c[d] != base_[d]) return false;
    return true;
  }

  std::size_t px(std::size_t x) const { return margin + x * cell_; }
  std::size_t py(std::size_t y) const { return top + y * cell_; }

  static std::string coords_text(const coords_t &c) {
    std::string s;
    for (std::size_t d = 0; d < N; ++d) s += (d ? ", " : "") + std::to_string(c[d]);
    return s;
  }

  // A distinct, stable colour per unit: hues apart by the golden angle.
  static std::string colour(std::size_t unit) {
    double hue = std::fmod(static_cast<double>(unit) * 137.508, 360.0);
    return color::to_hex(color::hsv2rgb(color::hsv{hue, 0.55, 0.85}));
  }

  static std::string escape(const std::string &text) {
    std::string out;
    for (char ch : text) switch (ch) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        default: out += ch;
      }
    return out;
  }

  const PatternT &pattern_;
  std::string title_, descr_;
  std::size_t dimx_ = 1, dimy_ = 0, nx_ = 0, ny_ = 0, cell_ = elem_cell;
  coords_t base_{};
};

}  // namespace dash::tools

#endif  // DASH_TOOLS_PATTERN_VISUALIZER_H
