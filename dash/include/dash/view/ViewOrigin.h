#ifndef DASH_VIEW_VIEWORIGIN_H
#define DASH_VIEW_VIEWORIGIN_H

// ViewOrigin<NDim>: an index space of the given extents (offsets 0) as the
// origin of views, as DASH's: its own domain, index set 0 .. size.

#include <array>
#include <cstddef>
#include <type_traits>

#include <dash/Types.h>
#include <dash/view/IndexRange.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <dim_t NDim = 1>
class ViewOrigin {
 public:
  using index_type = default_index_t;
  using size_type = std::size_t;
  using domain_type = ViewOrigin;
  using local_type = ViewOrigin;
  using global_type = ViewOrigin;
  using index_set_type = IndexRange<>;
  using is_local = std::false_type;
  using rank = std::integral_constant<dim_t, NDim>;
  using extents_type = std::array<size_type, static_cast<std::size_t>(NDim)>;

  template <typename E, std::size_t N>
  constexpr explicit ViewOrigin(const std::array<E, N> &extents) {
    static_assert(N == static_cast<std::size_t>(NDim), "dash::ViewOrigin: one extent per dimension");
    for (std::size_t d = 0; d < N; ++d) extents_[d] = static_cast<size_type>(extents[d]);
  }

  constexpr const ViewOrigin &domain() const { return *this; }
  index_set_type index_set() const { return index_set_type(0, static_cast<index_type>(size())); }
  constexpr bool operator==(const ViewOrigin &rhs) const { return this == &rhs; }
  constexpr bool operator!=(const ViewOrigin &rhs) const { return !(*this == rhs); }

  constexpr const extents_type &extents() const { return extents_; }
  template <dim_t D = 0>
  constexpr index_type extent() const {
    return static_cast<index_type>(extents_[D]);
  }
  constexpr index_type extent(dim_t d) const {
    return static_cast<index_type>(extents_[static_cast<std::size_t>(d)]);
  }
  constexpr const std::array<index_type, static_cast<std::size_t>(NDim)> &offsets() const { return offsets_; }
  template <dim_t D = 0>
  constexpr index_type offset() const {
    return offsets_[D];
  }
  constexpr index_type offset(dim_t d) const { return offsets_[static_cast<std::size_t>(d)]; }
  /// The number of indices in dimensions D and above.
  template <dim_t D = 0>
  constexpr index_type size() const {
    if constexpr (D + 1 < NDim)
      return extent<D>() * size<D + 1>();
    else
      return extent<D>();
  }

 private:
  extents_type extents_{};
  std::array<index_type, static_cast<std::size_t>(NDim)> offsets_{};
};

template <dim_t NDim>
struct view_traits<ViewOrigin<NDim>> {
  using origin_type = ViewOrigin<NDim>;
  using domain_type = ViewOrigin<NDim>;
  using image_type = ViewOrigin<NDim>;
  using index_type = typename ViewOrigin<NDim>::index_type;
  using size_type = typename ViewOrigin<NDim>::size_type;
  using index_set_type = typename ViewOrigin<NDim>::index_set_type;
  using is_projection = std::false_type;
  using is_view = std::true_type;
  using is_origin = std::true_type;
  using is_local = std::false_type;
  using rank = std::integral_constant<dim_t, NDim>;
};

}  // namespace dash

#endif  // DASH_VIEW_VIEWORIGIN_H
