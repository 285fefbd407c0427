#ifndef DASH_PATTERN_ARGUMENTS_H
#define DASH_PATTERN_ARGUMENTS_H

// The argument list of DASH's variadic pattern constructors, collected:
//
//   dash::Pattern<2> p(rows, cols, dash::BLOCKED, dash::CYCLIC, teamspec, team);
//
// As in DASH: exactly N extents (integers, the first one first); then, in
// any order, either N Distributions (one per dimension, in dimension order)
// or one DistributionSpec<N> or neither (default: BLOCKED in the first
// dimension, NONE in the others), at most one TeamSpec<N> and at most one
// Team. Other combinations do not compile (is_pattern_arguments_v is
// false). Without a TeamSpec the team's units (default: all units) are
// spread over the distributed dimensions, balanced (DASH: along the one
// distributed dimension, or balanced over all when all are distributed).

#include <array>
#include <cstddef>
#include <type_traits>

#include <dash/Distribution.h>
#include <dash/TeamSpec.h>
#include <dash/Team.h>

namespace dash::detail {

template <typename T>
struct is_team_spec : std::false_type {};
template <std::size_t M, typename I>
struct is_team_spec<TeamSpec<M, I>> : std::true_type {};

/// Number of arguments of each kind.
template <std::size_t N, typename... Args>
struct PatternArgumentCounts {
  static constexpr std::size_t extents = (std::size_t{0} + ... + std::is_integral_v<Args>);
  static constexpr std::size_t dists = (std::size_t{0} + ... + std::is_same_v<Args, Distribution>);
  static constexpr std::size_t specs = (std::size_t{0} + ... + std::is_same_v<Args, DistributionSpec<N>>);
  static constexpr std::size_t teamspecs = (std::size_t{0} + ... + is_team_spec<Args>::value);
  static constexpr std::size_t teams = (std::size_t{0} + ... + std::is_base_of_v<Team, Args>);
  static constexpr bool valid = extents + dists + specs + teamspecs + teams == sizeof...(Args) &&
                                (dists == 0 || dists == N) && specs <= 1 && !(dists > 0 && specs > 0) &&
                                teamspecs <= 1 && teams <= 1;
};

/// True if (one extent, Args...) is a valid argument list of a pattern of
/// N dimensions: N - 1 more extents, first among the arguments.
template <std::size_t N, typename... Args>
inline constexpr bool is_pattern_arguments_v =
    PatternArgumentCounts<N, Args...>::valid &&PatternArgumentCounts<N, Args...>::extents == N - 1;

/// The collected arguments.
template <std::size_t N>
struct PatternArguments {
  template <typename... Args>
  explicit PatternArguments(std::size_t extent0, const Args &...args) {
    extents[0] = extent0;
    (take(args), ...);
    if (ndists > 0) dist = make_spec(std::make_index_sequence<N>());
    if (!has_teamspec) teamspec = TeamSpec<N>(dist, team ? team->size() : Team::All().size(), balanced);
  }

  /// The Team among `args`, else Team::All().
  template <typename... Args>
  static const Team &team_of(const Args &...args) {
    const Team *found = nullptr;
    ((found = pick_team(args, found)), ...);
    return found ? *found : Team::All();
  }

  std::array<std::size_t, N> extents{};
  DistributionSpec<N> dist;
  TeamSpec<N> teamspec{ones()};  // replaced in the constructor
  bool has_teamspec = false;
  const Team *team = nullptr;  // none given

 private:
  template <typename A>
  static const Team *pick_team(const A &arg, const Team *found) {
    if constexpr (std::is_base_of_v<Team, A>)
      return &arg;
    else
      return found;
  }
  static std::array<std::size_t, N> ones() {
    std::array<std::size_t, N> a;
    a.fill(1);
    return a;
  }
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I>>>
  void take(I extent) {
    extents[nextents++] = static_cast<std::size_t>(extent);
  }
  void take(const Distribution &d) { dists[ndists++] = d; }
  void take(const DistributionSpec<N> &spec) { dist = spec; }
  template <typename I>
  void take(const TeamSpec<N, I> &ts) {
    teamspec = TeamSpec<N>(ts.extents());
    has_teamspec = true;
  }
  void take(const Team &t) { team = &t; }

  template <std::size_t... D>
  DistributionSpec<N> make_spec(std::index_sequence<D...>) const {
    return DistributionSpec<N>(dists[D]...);
  }

  std::size_t nextents = 1, ndists = 0;
  std::array<Distribution, N> dists{};
};

}  // namespace dash::detail

#endif  // DASH_PATTERN_ARGUMENTS_H
