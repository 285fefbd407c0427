#ifndef DASH_ALGORITHM_SORT_H
#define DASH_ALGORITHM_SORT_H

// sort: a parallel sample sort of any global range. Collective over the
// container's team.
//
//  1. Each unit copies its elements of the range out and std::sorts them.
//  2. One allgather of regular samples (16 per unit and target bucket, with
//     each unit's count). Every unit picks the same p-1 splitters: weighted
//     quantiles of the samples at the boundaries of the units' shares of
//     the range, so that most data ends where it already is for blocked
//     layouts.
//  3. Each unit cuts its sorted run at the splitters (binary search). Keys
//     are (value, unit, local position): all distinct, so duplicates, even
//     all-equal input, still split evenly.
//  4. ONE all-to-all exchange: an allgather of the p x p bucket counts,
//     then one-sided puts of every bucket straight into its receiver's
//     part of a symmetric buffer (at offsets known from the counts).
//  5. Each unit merges its p sorted runs (O(m log p)) and writes them to
//     their final positions in the range (bulk puts, one per unit block).
//
// Work O(n/p log n) per unit, O(n log n) in total; six collectives
// (allgather, allgather, allocation, barrier, barrier, free) whatever n.
// Correct for empty parts, uneven local sizes and any input order.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

#include <dash/detail/global_memory.h>
#include <dash/detail/range.h>
#include <dash/detail/transfer.h>
#include <dash/GlobPtr.h>

namespace dash {

namespace detail {

template <typename V>
struct SortSample {
  V value;
  std::uint64_t lpos;  // index in its unit's sorted run
};

template <typename V>
struct SortKey {
  V value;
  std::uint64_t unit, lpos;
  double weight;  // elements of its unit this sample stands for
};

}  // namespace detail

/// Sorts [first, last) by comp (a strict weak order).
template <typename T, std::size_t N, typename Compare = std::less<>>
void sort(GlobPtr<T, N> first, GlobPtr<T, N> last, Compare comp = Compare()) {
  static_assert(!std::is_const_v<T>, "dash::sort: cannot sort a const range");
  using V = T;
  auto r = detail::make_range(first, last, "dash::sort");
  if (r.size() == 0) return;
  const Team &team = r.team();
  const std::size_t p = team.size(), me = r.myid();

  // 1. Local elements, sorted.
  std::vector<V> v;
  detail::for_each_local(
      r, [&](V *data, const detail::LocalPiece &piece) { v.insert(v.end(), data, data + piece.len); });
  std::sort(v.begin(), v.end(), comp);
  if (p == 1) {
    const V *next = v.data();
    detail::for_each_local(r, [&](V *data, const detail::LocalPiece &piece) {
      std::copy(next, next + piece.len, data);
      next += piece.len;
    });
    return;
  }

  // 2. Samples: header (local count, sample count), then the samples.
  const std::size_t max_samples = 16 * p;
  const std::size_t header = 2 * sizeof(std::uint64_t);
  const std::size_t record = header + max_samples * sizeof(detail::SortSample<V>);
  std::vector<unsigned char> mine(record, 0);
  {
    std::uint64_t n = v.size(), s = std::min<std::uint64_t>(n, max_samples);
    std::memcpy(mine.data(), &n, sizeof n);
    std::memcpy(mine.data() + sizeof n, &s, sizeof s);
    for (std::uint64_t j = 0; j < s; ++j) {
      std::uint64_t lpos = (2 * j + 1) * n / (2 * s);
      detail::SortSample<V> sample{v[lpos], lpos};
      std::memcpy(mine.data() + header + j * sizeof sample, &sample, sizeof sample);
    }
  }
  std::vector<unsigned char> all = detail::allgather_bytes(team, mine.data(), record);

  // 3. Splitters (the same on every unit) and this unit's cut points.
  std::vector<std::uint64_t> counts(p);
  std::vector<detail::SortKey<V>> keys;
  for (std::size_t u = 0; u < p; ++u) {
    const unsigned char *rec = all.data() + u * record;
    std::uint64_t n, s;
    std::memcpy(&n, rec, sizeof n);
    std::memcpy(&s, rec + sizeof n, sizeof s);
    counts[u] = n;
    for (std::uint64_t j = 0; j < s; ++j) {
      detail::SortSample<V> sample;
      std::memcpy(&sample, rec + header + j * sizeof sample, sizeof sample);
      keys.push_back({sample.value, u, sample.lpos, double(n) / double(s)});
    }
  }
  auto key_less = [&](const detail::SortKey<V> &a, const detail::SortKey<V> &b) {
    if (comp(a.value, b.value)) return true;
    if (comp(b.value, a.value)) return false;
    return a.unit != b.unit ? a.unit < b.unit : a.lpos < b.lpos;
  };
  std::sort(keys.begin(), keys.end(), key_less);
  std::vector<std::size_t> cut(p + 1, 0);  // bucket k: v[cut[k] .. cut[k+1])
  cut[p] = v.size();
  {
    double target = 0, rank = 0;
    std::size_t next = 0;
    for (std::size_t k = 1; k < p; ++k) {
      target += double(counts[k - 1]);
      // The first sample whose estimated rank (elements before it, plus
      // half of its own stretch) reaches the target.
      while (next < keys.size() && rank + keys[next].weight / 2 < target) rank += keys[next++].weight;
      std::size_t c = v.size();
      if (next < keys.size()) {
        const auto &s = keys[next];
        if (me < s.unit)
          c = std::upper_bound(v.begin(), v.end(), s.value, comp) - v.begin();
        else if (me > s.unit)
          c = std::lower_bound(v.begin(), v.end(), s.value, comp) - v.begin();
        else
          c = s.lpos;
      }
      cut[k] = std::max(c, cut[k - 1]);
    }
  }

  // 4. The exchange: counts, then one-sided puts into a symmetric buffer.
  std::vector<std::uint64_t> row(p);
  for (std::size_t k = 0; k < p; ++k) row[k] = cut[k + 1] - cut[k];
  std::vector<std::uint64_t> matrix(p * p);  // matrix[i * p + k]: from unit i to bucket k
  detail::check(dart_allgather(row.data(), matrix.data(), p, DART_TYPE_UINT64, team.dart_id()),
                "dart_allgather");
  std::vector<std::uint64_t> bucket(p, 0);
  for (std::size_t i = 0; i < p; ++i)
    for (std::size_t k = 0; k < p; ++k) bucket[k] += matrix[i * p + k];
  detail::GlobalMemory<V> recv(team, *std::max_element(bucket.begin(), bucket.end()), "dash::sort buffer");
  for (std::size_t k = 0; k < p; ++k) {
    if (row[k] == 0) continue;
    std::uint64_t offset = 0;
    for (std::size_t i = 0; i < me; ++i) offset += matrix[i * p + k];
    if (V *direct = recv.direct(k))
      std::memcpy(direct + offset, v.data() + cut[k], row[k] * sizeof(V));
    else
      detail::check(dart_put(recv.gptr(k, offset), v.data() + cut[k], row[k] * sizeof(V), DART_TYPE_BYTE,
                             DART_TYPE_BYTE),
                    "dart_put");
  }
  if (recv.capacity() > 0) detail::check(dart_flush_all(recv.base()), "dart_flush_all");
  team.barrier();

  // 5. Merge the received runs, write them to their final positions.
  V *data = recv.local();
  std::vector<std::size_t> bounds{0};
  for (std::size_t i = 0; i < p; ++i) bounds.push_back(bounds.back() + matrix[i * p + me]);
  while (bounds.size() > 2) {  // pairwise rounds: O(m log p)
    std::vector<std::size_t> merged{0};
    for (std::size_t i = 0; i + 1 < bounds.size(); i += 2) {
      std::size_t end = i + 2 < bounds.size() ? bounds[i + 2] : bounds[i + 1];
      if (i + 2 < bounds.size()) std::inplace_merge(data + bounds[i], data + bounds[i + 1], data + end, comp);
      merged.push_back(end);
    }
    bounds.swap(merged);
  }
  std::size_t offset = 0;
  for (std::size_t k = 0; k < me; ++k) offset += bucket[k];
  if (bucket[me] > 0) {
    detail::Transfers transfers;
    detail::start_transfer(*r.core, r.view, r.first + offset, r.first + offset + bucket[me], data, true,
                           transfers);
    transfers.wait();
  }
  team.barrier();
}

}  // namespace dash

#endif  // DASH_ALGORITHM_SORT_H
