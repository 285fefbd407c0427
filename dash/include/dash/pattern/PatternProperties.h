#ifndef DASH_PATTERN_PATTERN_PROPERTIES_H
#define DASH_PATTERN_PATTERN_PROPERTIES_H

// DASH's pattern properties: tags in three categories (partitioning into
// blocks, mapping of blocks to units, layout of local memory), sets of them
// as types whose members say which properties hold:
//
//   using props = dash::pattern_mapping_properties<
//       dash::pattern_mapping_tag::balanced, dash::pattern_mapping_tag::diagonal>;
//   props::diagonal   // true
//
// every pattern type declares its own (partitioning_properties,
// mapping_properties, layout_properties; read by pattern_*_traits), and
// algorithms state the properties they need (check_pattern_constraints,
// pattern_constraints, make_pattern).
//
// Of two contradicting layout tags (row_major/col_major,
// blocked/canonical) the first given holds, as in DASH; without either,
// the layout is row_major and canonical.

#include <cstddef>
#include <ostream>
#include <type_traits>
#include <utility>

namespace dash {

struct pattern_partitioning_tag {
  typedef enum { any, rectangular, minimal, regular, balanced, unbalanced, ndimensional, dynamic } type;
};
struct pattern_mapping_tag {
  typedef enum { any, balanced, unbalanced, neighbor, shifted, diagonal, multiple, cyclic } type;
};
struct pattern_layout_tag {
  typedef enum { any, row_major, col_major, blocked, canonical, linear } type;
};

namespace detail {
// True if `tag` is among `tags`.
template <typename Tag, typename... Tags>
constexpr bool has_tag(Tag tag, Tags... tags) {
  return ((tags == tag) || ...);
}
// True if `a` is given before `b` (false if neither is given).
template <typename Tag, typename... Tags>
constexpr bool given_first(Tag a, Tag b, Tags... tags) {
  for (Tag t : {tags..., Tag{}}) {
    if (t == a) return true;
    if (t == b) return false;
  }
  return false;
}
}  // namespace detail

template <pattern_partitioning_tag::type... Tags>
struct pattern_partitioning_properties {
  typedef pattern_partitioning_tag::type tag_type;
  using T = pattern_partitioning_tag;
  /// Blocks are rectangular.
  static constexpr bool rectangular = detail::has_tag(T::rectangular, Tags...);
  /// The fewest blocks in every dimension (at most one per unit).
  static constexpr bool minimal = detail::has_tag(T::minimal, Tags...);
  /// All blocks have the same extents, except at the border.
  static constexpr bool regular = detail::has_tag(T::regular, Tags...);
  /// Every block has the same number of elements.
  static constexpr bool balanced = detail::has_tag(T::balanced, Tags...);
  /// Blocks may have different numbers of elements.
  static constexpr bool unbalanced = detail::has_tag(T::unbalanced, Tags...);
  /// Distributed in more than one dimension.
  static constexpr bool ndimensional = detail::has_tag(T::ndimensional, Tags...);
  /// Partitioning may change at run time.
  static constexpr bool dynamic = detail::has_tag(T::dynamic, Tags...);
  /// True if `tag` is in the set.
  static constexpr bool has(tag_type tag) { return detail::has_tag(tag, Tags...); }
};

template <pattern_mapping_tag::type... Tags>
struct pattern_mapping_properties {
  typedef pattern_mapping_tag::type tag_type;
  using T = pattern_mapping_tag;
  /// Every unit gets the same number of blocks.
  static constexpr bool balanced = detail::has_tag(T::balanced, Tags...);
  /// Units may get different numbers of blocks.
  static constexpr bool unbalanced = detail::has_tag(T::unbalanced, Tags...);
  /// Adjacent blocks are on different units.
  static constexpr bool neighbor = detail::has_tag(T::neighbor, Tags...);
  /// Units are mapped to blocks in diagonal chains in some hyperplane.
  static constexpr bool shifted = detail::has_tag(T::shifted, Tags...);
  /// Every unit has a block in every row and column of blocks.
  static constexpr bool diagonal = detail::has_tag(T::diagonal, Tags...);
  /// Units get more than one block where possible.
  static constexpr bool multiple = detail::has_tag(T::multiple, Tags...);
  /// Blocks are dealt to units round robin.
  static constexpr bool cyclic = detail::has_tag(T::cyclic, Tags...);
  static constexpr bool has(tag_type tag) { return detail::has_tag(tag, Tags...); }
};

template <pattern_layout_tag::type... Tags>
struct pattern_layout_properties {
  typedef pattern_layout_tag::type tag_type;
  using T = pattern_layout_tag;
  /// Column-major order if col_major is given before row_major.
  static constexpr bool col_major = detail::given_first(T::col_major, T::row_major, Tags...);
  static constexpr bool row_major = !col_major;
  /// Local elements block by block, each block contiguous.
  static constexpr bool blocked = detail::given_first(T::blocked, T::canonical, Tags...);
  /// Local elements in one index space in canonical order.
  static constexpr bool canonical = !blocked;
  /// Local order follows the global order within blocks.
  static constexpr bool linear = detail::has_tag(T::linear, Tags...);
  static constexpr bool has(tag_type tag) { return detail::has_tag(tag, Tags...); }
};

/// A pattern type's properties.
template <typename PatternType>
struct pattern_partitioning_traits {
  typedef typename PatternType::partitioning_properties type;
};
template <typename PatternType>
struct pattern_mapping_traits {
  typedef typename PatternType::mapping_properties type;
};
template <typename PatternType>
struct pattern_layout_traits {
  typedef typename PatternType::layout_properties type;
};

template <typename PatternType>
struct pattern_traits {
  typedef typename PatternType::index_type index_type;
  typedef typename PatternType::size_type size_type;
  typedef typename pattern_partitioning_traits<PatternType>::type partitioning;
  typedef typename pattern_mapping_traits<PatternType>::type mapping;
  typedef typename pattern_layout_traits<PatternType>::type layout;
  typedef std::decay_t<decltype(std::declval<PatternType>().blockspec())> blockspec_type;
  typedef std::decay_t<decltype(std::declval<PatternType>().local_blockspec())> local_blockspec_type;
};

/// True if every property required by the three constraint sets holds
/// for PatternType.
template <typename Partitioning, typename Mapping, typename Layout, typename PatternType>
struct pattern_constraints {
  typedef typename pattern_traits<PatternType>::partitioning partitioning_traits;
  typedef typename pattern_traits<PatternType>::mapping mapping_traits;
  typedef typename pattern_traits<PatternType>::layout layout_traits;

  typedef std::integral_constant<bool, (!Partitioning::rectangular || partitioning_traits::rectangular) &&
                                           (!Partitioning::minimal || partitioning_traits::minimal) &&
                                           (!Partitioning::regular || partitioning_traits::regular) &&
                                           (!Partitioning::balanced || partitioning_traits::balanced) &&
                                           (!Partitioning::unbalanced || partitioning_traits::unbalanced) &&
                                           (!Mapping::balanced || mapping_traits::balanced) &&
                                           (!Mapping::unbalanced || mapping_traits::unbalanced) &&
                                           (!Mapping::neighbor || mapping_traits::neighbor) &&
                                           (!Mapping::shifted || mapping_traits::shifted) &&
                                           (!Mapping::diagonal || mapping_traits::diagonal) &&
                                           (!Mapping::cyclic || mapping_traits::cyclic) &&
                                           (!Layout::blocked || layout_traits::blocked) &&
                                           (!Layout::canonical || layout_traits::canonical) &&
                                           (!Layout::linear || layout_traits::linear)>
      satisfied;
};

/// Fails to compile unless `pattern`'s type has every required property;
/// returns true.
template <typename Partitioning, typename Mapping, typename Layout, typename PatternType>
bool check_pattern_constraints(const PatternType &) {
  static_assert(pattern_constraints<Partitioning, Mapping, Layout, PatternType>::satisfied::value,
                "the pattern type lacks a required property");
  return true;
}

typedef pattern_partitioning_properties<pattern_partitioning_tag::rectangular,
                                        pattern_partitioning_tag::unbalanced>
    pattern_partitioning_default_properties;
typedef pattern_mapping_properties<pattern_mapping_tag::unbalanced> pattern_mapping_default_properties;
typedef pattern_layout_properties<pattern_layout_tag::row_major, pattern_layout_tag::canonical,
                                  pattern_layout_tag::linear>
    pattern_layout_default_properties;

template <pattern_layout_tag::type... Tags>
std::ostream &operator<<(std::ostream &os, const pattern_layout_properties<Tags...> &p) {
  os << "dash::pattern_layout_properties< ";
  if (p.row_major) os << "row_major ";
  if (p.col_major) os << "col_major ";
  if (p.blocked) os << "blocked ";
  if (p.canonical) os << "canonical ";
  if (p.linear) os << "linear ";
  return os << ">";
}
template <pattern_mapping_tag::type... Tags>
std::ostream &operator<<(std::ostream &os, const pattern_mapping_properties<Tags...> &p) {
  os << "dash::pattern_mapping_properties< ";
  if (p.balanced) os << "balanced ";
  if (p.unbalanced) os << "unbalanced ";
  if (p.neighbor) os << "neighbor ";
  if (p.shifted) os << "shifted ";
  if (p.diagonal) os << "diagonal ";
  if (p.multiple) os << "multiple ";
  if (p.cyclic) os << "cyclic ";
  return os << ">";
}
template <pattern_partitioning_tag::type... Tags>
std::ostream &operator<<(std::ostream &os, const pattern_partitioning_properties<Tags...> &p) {
  os << "dash::pattern_partitioning_properties< ";
  if (p.rectangular) os << "rectangular ";
  if (p.minimal) os << "minimal ";
  if (p.regular) os << "regular ";
  if (p.balanced) os << "balanced ";
  if (p.unbalanced) os << "unbalanced ";
  if (p.ndimensional) os << "ndimensional ";
  if (p.dynamic) os << "dynamic ";
  return os << ">";
}

}  // namespace dash

#endif  // DASH_PATTERN_PATTERN_PROPERTIES_H
