// tools::PatternVisualizer: the SVG of a pattern names and colours every
// element (or block) by the unit pattern.unit_at gives, with one key
// colour per unit; the document's elements are closed and its text
// escaped.
#include <libdash.h>

#include <dash/tools/PatternVisualizer.h>

#include <cstddef>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "check.h"

namespace {

// The value of attribute `name` in the tag starting at `pos`.
std::string attribute(const std::string &svg, std::size_t pos, const std::string &name) {
  std::size_t end = svg.find('>', pos), at = svg.find(" " + name + "=\"", pos);
  if (at == std::string::npos || at > end) return "";
  at += name.size() + 3;
  return svg.substr(at, svg.find('"', at) - at);
}

std::size_t count(const std::string &svg, const std::string &what) {
  std::size_t n = 0;
  for (std::size_t pos = svg.find(what); pos != std::string::npos; pos = svg.find(what, pos + 1)) ++n;
  return n;
}

// Element display: the k-th element square is element k of the slice in
// row-major order (dimension 0 down, 1 across); blocked: the k-th block
// square is block k of blockspec() with a unit.
template <typename P>
void check_svg(const P &p, bool blocked) {
  dash::tools::PatternVisualizer<P> pv(p);
  pv.set_title("Pattern<2>(a < b & \"c\")");
  std::ostringstream os;
  pv.draw_pattern(os, blocked);
  const std::string svg = os.str();
  CHECK(svg.rfind("<?xml", 0) == 0 &&
        svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(svg.size() >= 7 && svg.compare(svg.size() - 7, 7, "</svg>\n") == 0);
  CHECK(svg.find("Pattern&lt;2&gt;(a &lt; b &amp; &quot;c&quot;)") != std::string::npos);
  CHECK(count(svg, "<g") == count(svg, "</g>") && count(svg, "<title>") == count(svg, "</title>"));
  std::map<std::size_t, std::string> key;
  for (std::size_t pos = svg.find("<rect class=\"key-unit-"); pos != std::string::npos;
       pos = svg.find("<rect class=\"key-unit-", pos + 1))
    key[std::stoul(attribute(svg, pos, "class").substr(9))] = attribute(svg, pos, "fill");
  CHECK(key.size() == p.nunits());
  std::vector<std::size_t> units;
  for (std::size_t pos = svg.find("<rect class=\"unit-"); pos != std::string::npos;
       pos = svg.find("<rect class=\"unit-", pos + 1)) {
    std::size_t unit = std::stoul(attribute(svg, pos, "class").substr(5));
    CHECK(attribute(svg, pos, "fill") == key[unit]);
    units.push_back(unit);
  }
  if (!blocked) {
    CHECK(units.size() == p.size());
    for (std::size_t k = 0; k < units.size() && k < p.size(); ++k)
      CHECK(units[k] == std::size_t(p.unit_at({k / p.extent(1), k % p.extent(1)})));
  } else {
    CHECK(units.size() == p.nblocks());
    for (std::size_t b = 0; b < units.size() && b < p.nblocks(); ++b)
      CHECK(units[b] == std::size_t(p.unit_at(p.block(b).offsets())));
  }
  // Distinct units have distinct colours.
  for (const auto &a : key)
    for (const auto &b : key) CHECK(a.first == b.first || a.second != b.second);
}

template <typename P>
void check_both(const P &p) {
  check_svg(p, false);
  check_svg(p, true);
}

}  // namespace

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    dash::TeamSpec<2> ts22(2, 2), ts21(2, 1);
    check_both(dash::TilePattern<2>(20, 15, dash::TILE(2), dash::TILE(5), ts22));
    check_both(dash::Pattern<2>(20, 15, dash::BLOCKED, dash::CYCLIC, ts22));
    check_both(dash::TilePattern<2, dash::COL_MAJOR>(20, 15, dash::TILE(5), dash::TILE(5), ts22));
    check_both(dash::ShiftTilePattern<2>(32, 24, dash::TILE(4), dash::TILE(3), ts22));
    check_both(dash::ShiftTilePattern<2>(20, 20, dash::TILE(1), dash::TILE(5), ts21));
    check_both(dash::SeqTilePattern<2>(12, 9, dash::TILE(2), dash::TILE(3), dash::TeamSpec<2>(5, 1)));
    // A slice of a 3-D pattern: dimension 2 across, 0 down, at dimension 1 = 2.
    dash::Pattern<3> p3(4, 3, 5, dash::BLOCKED, dash::NONE, dash::CYCLIC, dash::TeamSpec<3>(2, 1, 2));
    dash::tools::PatternVisualizer<decltype(p3)> pv(p3, "slice");
    std::ostringstream os;
    pv.draw_pattern(os, false, {0, 2, 0}, 2, 0);
    CHECK(count(os.str(), "<rect class=\"unit-") == 4 * 5);
    CHECK(os.str().find("<title>(3, 2, 4): unit " + std::to_string(p3.unit_at({3, 2, 4}))) !=
          std::string::npos);
    CHECK(os.str().find("<title>(3, 1, 4)") == std::string::npos);
  }
  dash::finalize();
  return compat::result();
}
