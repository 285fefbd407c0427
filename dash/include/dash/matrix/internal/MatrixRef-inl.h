#ifndef DASH_MATRIX_INTERNAL_MATRIX_REF_INL_H
#define DASH_MATRIX_INTERNAL_MATRIX_REF_INL_H

// Out-of-line members of MatrixRef (matrix/MatrixRef.h).

#include <dash/matrix/MatrixRef.h>

namespace dash {

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::offset(dim_t d) const -> index_type {
  return static_cast<index_type>(ref_.viewspec().offsets()[static_cast<std::size_t>(d)]);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::offsets() const -> offsets_type {
  offsets_type o{};
  for (std::size_t d = 0; d < N; ++d) o[d] = static_cast<index_type>(ref_.viewspec().offsets()[d]);
  return o;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::local_size() const -> size_type {
  size_type n = 0;
  for_each_local([&](const detail::LocalPiece &piece) { n += piece.len; });
  return n;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::lend() const -> T * {
  auto p = local_piece("lend");
  return p.first + p.second;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::at(const std::array<index_type, N> &coords) const
    -> reference {
  extents_type c = ref_.viewspec().origin();
  for (std::size_t d = 0; d < N; ++d) {
    check_inside("at", d, static_cast<size_type>(coords[d]), 1);
    c[d] += static_cast<size_type>(coords[d]);
  }
  return live_core().template ref<T>(c);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
template <dim_t D>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::sub(size_type n) const
    -> MatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> {
  static_assert(D >= 0 && D < NumDimensions, "dash::MatrixRef::sub: no such dimension");
  static_assert(CUR == NumDimensions, "dash::MatrixRef::sub<D>(n): on a view with all dimensions free");
  return fix(static_cast<std::size_t>(D), n);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::row(size_type n) const
    -> MatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> {
  return sub<0>(n);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::col(size_type n) const
    -> MatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> {
  return sub<1>(n);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
template <dim_t D>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::sub(size_type n, size_type range) const
    -> MatrixRef {
  static_assert(D >= 0 && D < NumDimensions, "dash::MatrixRef::sub: no such dimension");
  constexpr std::size_t d = static_cast<std::size_t>(D);
  check_inside("sub", d, n, range);
  MatrixRef r = *this;
  r.ref_.viewspec().offsets()[d] += n;
  r.ref_.viewspec().extents()[d] = range;
  return r;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::sub(const extents_type &offsets,
                                                                const extents_type &extents) const
    -> MatrixRef {
  MatrixRef r = *this;
  for (std::size_t d = 0; d < N; ++d) {
    check_inside("sub", d, offsets[d], extents[d]);
    r.ref_.viewspec().offsets()[d] += offsets[d];
    r.ref_.viewspec().extents()[d] = extents[d];
  }
  return r;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
template <dim_t D>
bool MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::is_local(index_type n) const {
  Block<N> slice = ref_.viewspec();
  slice.offsets()[D] += static_cast<size_type>(n);
  slice.extents()[D] = 1;
  bool any = false;
  detail::for_each_local_piece(core().pattern, slice, 0, slice.size(), core().myid,
                               [&](const detail::LocalPiece &) { any = true; });
  return any;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::core() const -> const core_type & {
  if (!ref_.core()) throw std::logic_error("dash::MatrixRef: the view refers to no container");
  return *ref_.core();
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::live_core() const -> const core_type & {
  detail::check_alive(core().mem.epoch(), "dash::MatrixRef");
  return *ref_.core();
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::access_core() const -> const core_type & {
  if constexpr (DASH_CHECK_LIVENESS) return live_core();
  return *ref_.core();
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::absolute(
    const std::array<size_type, static_cast<std::size_t>(CUR)> &rel) const -> extents_type {
  extents_type c = ref_.viewspec().origin();
  for (std::size_t k = 0; k < rel.size(); ++k) {
    std::size_t d = ref_.free_dim(k);
    if (d < N) c[d] += rel[k];  // always for k < CUR; the check tells the optimizer
  }
  return c;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
void MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::check_inside(const char *what, std::size_t d,
                                                                         size_type n, size_type range) const {
  size_type ext = ref_.viewspec().extents()[d];
  if (n > ext || range > ext - n)
    throw std::out_of_range(std::string("dash::MatrixRef::") + what + ": dimension " + std::to_string(d) +
                            ": [" + std::to_string(n) + ", " + std::to_string(n + range) + ") not in [0, " +
                            std::to_string(ext) + ")");
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
template <typename F>
void MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::for_each_local(F &&f) const {
  const core_type &c = live_core();
  detail::for_each_local_piece(c.pattern, ref_.viewspec(), 0, size(), c.myid, f);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto MatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::local_piece(const char *what) const
    -> std::pair<T *, size_type> {
  T *base = live_core().mem.local();
  std::size_t first = 0, len = 0;
  bool contiguous = true;
  for_each_local([&](const detail::LocalPiece &piece) {
    if (len == 0)
      first = piece.lindex;
    else if (piece.lindex != first + len)
      contiguous = false;
    len += piece.len;
  });
  if (!contiguous)
    throw std::logic_error(std::string("dash::MatrixRef::") + what +
                           ": the calling unit's elements of the view are not contiguous");
  return {len ? base + first : nullptr, len};
}

}  // namespace dash

#endif  // DASH_MATRIX_INTERNAL_MATRIX_REF_INL_H
