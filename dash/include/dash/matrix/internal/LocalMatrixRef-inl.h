#ifndef DASH_MATRIX_INTERNAL_LOCAL_MATRIX_REF_INL_H
#define DASH_MATRIX_INTERNAL_LOCAL_MATRIX_REF_INL_H

// Out-of-line members of LocalMatrixRef (matrix/LocalMatrixRef.h).

#include <dash/matrix/LocalMatrixRef.h>

namespace dash {

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::offsets() const -> offsets_type {
  offsets_type o{};
  for (std::size_t d = 0; d < N; ++d) o[d] = static_cast<index_type>(box_.offsets()[d]);
  return o;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::offset(dim_t d) const -> index_type {
  return static_cast<index_type>(box_.offsets()[static_cast<std::size_t>(d)]);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::lbegin() const -> T * {
  check_live();
  if (whole()) return data_;
  return contiguous_first("lbegin");
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::lend() const -> T * {
  check_live();
  if (whole()) return data_ + lsize_;
  T *first = contiguous_first("lend");
  return first ? first + size() : first;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::begin() const -> iterator {
  if constexpr (CUR == NumDimensions)
    return lbegin();
  else
    return iterator(core_, global_box(), 0);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::end() const -> iterator {
  if constexpr (CUR == NumDimensions)
    return lend();
  else
    return begin() + static_cast<difference_type>(size());
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
template <dim_t D>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::sub(size_type n) const
    -> LocalMatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> {
  static_assert(D >= 0 && D < NumDimensions, "dash::LocalMatrixRef::sub: no such dimension");
  static_assert(CUR == NumDimensions, "dash::LocalMatrixRef::sub<D>(n): on the whole local part");
  return fix(static_cast<std::size_t>(D), n);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::row(size_type n) const
    -> LocalMatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> {
  return sub<0>(n);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::col(size_type n) const
    -> LocalMatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> {
  return sub<1>(n);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
template <dim_t D>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::sub(size_type n, size_type range) const
    -> LocalMatrixRef {
  static_assert(D >= 0 && D < NumDimensions, "dash::LocalMatrixRef::sub: no such dimension");
  constexpr std::size_t d = static_cast<std::size_t>(D);
  check_inside("sub", d, n, range);
  LocalMatrixRef r = *this;
  r.box_.offsets()[d] += n;
  r.box_.extents()[d] = range;
  return r;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::block(size_type lblock) const -> view_type {
  return view_type(core_, pattern().local_block(core_->myid, lblock));
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::index_of(const extents_type &lcoords) const
    -> size_type {
  if constexpr (!detail::is_linear_pattern<PatternT>::value)
    return core_->pattern.local_index(core_->myid, lcoords);
  if (core_->pattern.is_tiled()) return core_->pattern.local_index(core_->myid, lcoords);
  size_type index = 0;
  for (std::size_t d = 0; d < N; ++d) index += lcoords[d] * strides_[d];
  return index;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::global_coords(
    const extents_type &lcoords) const -> std::array<size_type, N> {
  return core_->pattern.global(core_->myid, lcoords);
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
bool LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::whole() const {
  // Only the constructor makes a ref with CUR == N (the whole local part);
  // fix() lowers CUR. So this is a compile-time answer: lbegin()/lend()
  // stay a member read (Coarray's a[i] and `it != a.lend()` loops call
  // them per element).
  return CUR == NumDimensions;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::free_dim(std::size_t k) const
    -> std::size_t {
  for (std::size_t d = 0; d < N; ++d)
    if (!fixed_[d] && k-- == 0) return d;
  return N;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::absolute(
    const std::array<size_type, static_cast<std::size_t>(CUR)> &rel) const -> extents_type {
  extents_type c = box_.origin();
  for (std::size_t k = 0; k < rel.size(); ++k) {
    std::size_t d = free_dim(k);
    if (d < N) c[d] += rel[k];  // always for k < CUR; the check tells the optimizer
  }
  return c;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
void LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::check_inside(const char *what, std::size_t d,
                                                                              size_type n,
                                                                              size_type range) const {
  if (n > box_.extents()[d] || range > box_.extents()[d] - n)
    throw std::out_of_range(std::string("dash::LocalMatrixRef::") + what + ": dimension " +
                            std::to_string(d) + ": [" + std::to_string(n) + ", " + std::to_string(n + range) +
                            ") not in [0, " + std::to_string(box_.extents()[d]) + ")");
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::contiguous_first(const char *what) const
    -> T * {
  if (empty()) return nullptr;
  extents_type last = box_.origin();
  for (std::size_t d = 0; d < N; ++d) last[d] += box_.extents()[d] - 1;
  size_type first_index = index_of(box_.origin()), last_index = index_of(last);
  if (last_index < first_index || last_index - first_index + 1 != size())
    throw std::logic_error(std::string("dash::LocalMatrixRef::") + what +
                           ": the elements are not contiguous in local memory");
  return data_ + first_index;
}

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
auto LocalMatrixRef<T, NumDimensions, CUR, PatternT, LocalMemT>::global_box() const -> Block<N> {
  if (empty()) return Block<N>();
  extents_type last = box_.origin();
  for (std::size_t d = 0; d < N; ++d) last[d] += box_.extents()[d] - 1;
  extents_type gfirst = global_coords(box_.origin());
  Block<N> g(gfirst, extents_type{});
  extents_type glast = global_coords(last);
  for (std::size_t d = 0; d < N; ++d) {
    g.extents()[d] = glast[d] + 1 - gfirst[d];
    if (glast[d] < gfirst[d] || g.extents()[d] != box_.extents()[d])
      throw std::logic_error("dash::LocalMatrixRef: the elements are not a box in global coordinates");
  }
  return g;
}

}  // namespace dash

#endif  // DASH_MATRIX_INTERNAL_LOCAL_MATRIX_REF_INL_H
