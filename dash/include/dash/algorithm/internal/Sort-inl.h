#ifndef DASH_ALGORITHM_INTERNAL_SORT_INL_H
#define DASH_ALGORITHM_INTERNAL_SORT_INL_H

// The internals of dash::sort (algorithm/Sort.h): the threaded local sort
// and the sample sort over a global range.
//
// The local sort of dash::sort, with threads where a unit has cores of its
// own (DASH issue #618): the cores of the machine divided by the units on it
// (hardware_concurrency / dart_unit_place_t.host_units), or DASH_SORT_THREADS
// if set (1 turns threads off). Below 64 Ki elements, or with one thread,
// it is one sort_run (std::sort, or for integers in their natural order a
// radix sort: algorithm/internal/RadixSort.h). Otherwise k threads sort k
// slices so, then merge them pairwise (log2 k rounds, the merges of a round
// in parallel). The threads never call DART: any thread level will do. An
// exception of the comparator is rethrown in the calling thread after all
// threads ended.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <dart/init.h>
#include <dart/locality.h>
#include <dash/Array.h>
#include <dash/Exception.h>
#include <dash/GlobPtr.h>
#include <dash/Meta.h>
#include <dash/algorithm/Copy.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/internal/RadixSort.h>
#include <dash/internal/GlobalMemory.h>
#include <dash/internal/GlobalRange.h>
#include <dash/internal/Transfer.h>
#include <dash/internal/Logging.h>
#include <dash/internal/Settings.h>
#include <dash/util/Trace.h>

namespace dash::detail {

/// Threads for a unit's local sort (see above); at least 1.
inline unsigned local_sort_threads() {
  if (unsigned n = settings().sort_threads) return n;
  unsigned cores = std::thread::hardware_concurrency();
  // The units of the machine share its cores: with virtual nodes
  // (DART_UNITS_PER_NODE) a node has fewer units than the machine, and
  // threads counted per node would oversubscribe the cores (a slower sort:
  // the same work in contended slices, and a merge more).
  dart_unit_t me = DART_UNDEFINED_UNIT_ID;
  dart_unit_place_t place;
  if (cores == 0 || dart_myid(&me) != DART_OK || dart_unit_place(DART_TEAM_ALL, me, &place) != DART_OK ||
      place.host_units <= 0)
    return 1;
  return std::max(1u, cores / static_cast<unsigned>(place.host_units));
}

/// std::sort of [first, last) by comp, by several threads when it pays.
template <typename T, typename Compare>
void local_sort(T *first, T *last, Compare comp) {
  const std::size_t n = static_cast<std::size_t>(last - first);
  const unsigned k = n < (std::size_t{1} << 16) ? 1u : local_sort_threads();
  if (k == 1) return sort_run(first, last, comp);
  std::vector<std::size_t> bounds(k + 1);
  for (unsigned i = 0; i <= k; ++i) bounds[i] = n * i / k;
  std::vector<std::exception_ptr> errors(k);
  auto run = [&](auto &&work, std::size_t tasks) {  // tasks in threads, the last one here
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t + 1 < tasks; ++t)
      threads.emplace_back([&, t] {
        try {
          work(t);
        } catch (...) {
          errors[t] = std::current_exception();
        }
      });
    try {
      work(tasks - 1);
    } catch (...) {
      errors[tasks - 1] = std::current_exception();
    }
    for (std::thread &th : threads) th.join();
    for (std::size_t t = 0; t < tasks; ++t)
      if (errors[t]) std::rethrow_exception(errors[t]);
  };
  run([&](std::size_t t) { sort_run(first + bounds[t], first + bounds[t + 1], comp); }, k);
  while (bounds.size() > 2) {  // merge neighbouring slices pairwise
    std::size_t pairs = (bounds.size() - 1) / 2;
    run(
        [&](std::size_t t) {
          std::inplace_merge(first + bounds[2 * t], first + bounds[2 * t + 1], first + bounds[2 * t + 2],
                             comp);
        },
        pairs);
    std::vector<std::size_t> next;
    for (std::size_t i = 0; i < bounds.size(); i += 2) next.push_back(bounds[i]);
    if (next.back() != bounds.back()) next.push_back(bounds.back());
    bounds.swap(next);
  }
}

}  // namespace dash::detail

namespace dash {

namespace detail {

/// The strict weak order of dash::sort's third argument: a comparator
/// order(a, b), or, as in DASH, a projection order(a) whose results
/// compare with operator<.
template <typename V, typename Order>
auto sort_comparator(const Order &order) {
  if constexpr (std::is_invocable_r_v<bool, const Order &, const V &, const V &>) {
    return order;
  } else {
    static_assert(
        std::is_invocable_v<const Order &, const V &>,
        "dash::sort: the third argument must be a comparator (a, b) -> bool or a projection a -> key");
    return [order](const V &a, const V &b) { return order(a) < order(b); };
  }
}

/// What every unit tells the others about its part of the range.
struct SortHeader {
  std::uint64_t count;     // elements
  std::uint64_t lbase;     // local index of the sorted run in the container, if in_array
  std::uint64_t pos0;      // first range position of its part, if interval
  std::uint32_t in_array;  // the run is sorted in place in the container's memory
  std::uint32_t interval;  // its part is one stretch of positions, in order
};

/// Regular samples of a sorted run of n elements: s of them, at positions
/// q(j) = (j+1) n / (s+1), strictly increasing; every element when n <= cap.
struct SortSampling {
  std::uint64_t n, s;
  std::uint64_t q(std::uint64_t j) const { return (j + 1) * n / (s + 1); }
};

template <typename V>
struct SortSample {
  V value;
  std::uint32_t unit, j;
};

/// The sort of one range, collective over its team (see the top of the file).
template <typename V, std::size_t N, typename P, typename Compare>
class SampleSort {
 public:
  SampleSort(const Range<V, N, P> &r, const Compare &comp)
      : r_(r), comp_(comp), p_(r.nunits()), me_(r.myid()), base_(r.core->mem.local()) {}

  void run() {
    sort_locally();
    if (p_ == 1) return finish_single();
    exchange_samples();
    std::uint64_t lo = 0, hi = 0;  // this unit's bucket: global ranks [lo, hi)
    direct_ = std::all_of(heads_.begin(), heads_.end(), [](const SortHeader &h) { return h.interval != 0; });
    if (direct_) {
      lo = mine().pos0;
    } else {
      for (std::size_t u = 0; u < me_; ++u) lo += heads_[u].count;
    }
    hi = lo + mine().count;
    std::vector<std::uint64_t> cut_lo, cut_hi;  // per unit: its run's cut at lo and hi
    if (mine().count > 0) {
      cut_lo = cuts_at(lo);
      cut_hi = cuts_at(hi);
    }
    // My bucket: runs [cut_lo[u], cut_hi[u]) of every unit u.
    bool in_place = direct_ && mine().count > 0 && cut_lo[me_] == 0 && cut_hi[me_] == mine().count;
    std::unique_ptr<V[]> buf;
    std::vector<std::size_t> bounds{0};
    if (mine().count > 0 && !in_place) {
      buf.reset(new V[mine().count]);
      Transfers transfers;
      for (std::size_t u = 0; u < p_; ++u) {
        std::size_t len = cut_hi[u] - cut_lo[u];
        if (len > 0) fetch(u, cut_lo[u], len, buf.get() + bounds.back(), transfers);
        if (len > 0) bounds.push_back(bounds.back() + len);
      }
      transfers.wait();
    }
    // Every unit has read what it needs of the others' runs: they may be
    // overwritten now.
    r_.team().barrier();
    if (mine().count > 0 && !in_place) write_bucket(buf.get(), bounds, lo);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    r_.team().barrier();
  }

 private:
  const SortHeader &mine() const { return heads_[me_]; }

  // Samples per unit: fewer for large types and large teams, so that the
  // allgather and the sort of all samples stay small.
  std::uint64_t sample_cap() const {
    std::uint64_t cap = std::min<std::uint64_t>(1024, 8192 / sizeof(V) + 1);
    cap = std::min<std::uint64_t>(cap, 65536 / p_ + 1);
    return std::max<std::uint64_t>(cap, 16);
  }
  SortSampling sampling(std::size_t u) const {
    return {heads_[u].count, std::min<std::uint64_t>(heads_[u].count, sample_cap())};
  }

  // The total order of the keys (value, unit, position in the unit's run),
  // for keys of different units.
  bool key_less(const V &a, std::size_t ua, const V &b, std::size_t ub) const {
    if (comp_(a, b)) return true;
    if (comp_(b, a)) return false;
    return ua < ub;
  }

  // 1. The local sort: in the container's memory if the local part is
  // contiguous there, else in a private copy (run_).
  void sort_locally() {
    local_ = SortHeader{0, 0, 0, 1, 1};
    std::size_t next_lindex = 0, next_pos = 0;
    bool first = true;
    for_each_local(r_, [&](V *, const LocalPiece &piece) {
      if (first) {
        local_.lbase = piece.lindex;
        local_.pos0 = piece.pos - r_.first;
      } else {
        if (piece.lindex != next_lindex) local_.in_array = 0;
        if (piece.pos != next_pos) local_.interval = 0;
      }
      first = false;
      next_lindex = piece.lindex + piece.len;
      next_pos = piece.pos + piece.len;
      local_.count += piece.len;
    });
    local_.interval &= local_.in_array;
    if (local_.in_array) {
      local_sort(base_ + local_.lbase, base_ + local_.lbase + local_.count, comp_);
    } else {
      run_.reserve(local_.count);
      for_each_local(
          r_, [&](V *data, const LocalPiece &piece) { run_.insert(run_.end(), data, data + piece.len); });
      local_sort(run_.data(), run_.data() + run_.size(), comp_);
    }
  }

  void finish_single() {
    if (local_.in_array) return;
    const V *next = run_.data();
    for_each_local(r_, [&](V *data, const LocalPiece &piece) {
      std::copy(next, next + piece.len, data);
      next += piece.len;
    });
  }

  const V *my_run() const { return local_.in_array ? base_ + local_.lbase : run_.data(); }

  // 2. One allgather of headers and samples. Runs not in the container's
  // memory (its local part is scattered there) are copied to a symmetric
  // scratch allocation, so that every run can be read with one-sided gets.
  void exchange_samples() {
    const std::size_t cap = sample_cap();
    const std::size_t record = sizeof(SortHeader) + cap * sizeof(V);
    std::vector<unsigned char> rec(record, 0);
    std::memcpy(rec.data(), &local_, sizeof local_);
    SortSampling own{local_.count, std::min<std::uint64_t>(local_.count, cap)};
    const V *run = my_run();
    for (std::uint64_t j = 0; j < own.s; ++j)
      std::memcpy(rec.data() + sizeof(SortHeader) + j * sizeof(V), run + own.q(j), sizeof(V));
    std::atomic_thread_fence(std::memory_order_seq_cst);  // the sorted run, before others read it
    std::vector<unsigned char> all = allgather_bytes(r_.team(), rec.data(), record);
    std::atomic_thread_fence(std::memory_order_acquire);
    heads_.resize(p_);
    samples_.clear();
    for (std::size_t u = 0; u < p_; ++u) {
      const unsigned char *at = all.data() + u * record;
      std::memcpy(&heads_[u], at, sizeof(SortHeader));
      SortSampling su = sampling(u);
      for (std::uint64_t j = 0; j < su.s; ++j) {
        SortSample<V> sample;
        std::memcpy(static_cast<void *>(&sample.value), at + sizeof(SortHeader) + j * sizeof(V), sizeof(V));
        sample.unit = static_cast<std::uint32_t>(u);
        sample.j = static_cast<std::uint32_t>(j);
        samples_.push_back(sample);
      }
    }
    std::sort(samples_.begin(), samples_.end(), [this](const SortSample<V> &a, const SortSample<V> &b) {
      if (a.unit == b.unit) return a.j < b.j;
      return key_less(a.value, a.unit, b.value, b.unit);
    });
    std::uint64_t scratch = 0;
    for (const SortHeader &h : heads_)
      if (!h.in_array) scratch = std::max(scratch, h.count);
    if (scratch > 0) {
      scratch_ = GlobalMemory<V>(r_.team(), scratch, "dash::sort scratch");
      if (!local_.in_array) std::copy(run_.begin(), run_.end(), scratch_.local());
      std::atomic_thread_fence(std::memory_order_seq_cst);
      r_.team().barrier();
    }
  }

  // Starts reading len elements of unit u's sorted run from position pos.
  void fetch(std::size_t u, std::size_t pos, std::size_t len, V *dst, Transfers &transfers) const {
    const GlobalMemory<V> &mem = heads_[u].in_array ? r_.core->mem : scratch_;
    std::size_t index = (heads_[u].in_array ? heads_[u].lbase : 0) + pos;
    if (u == me_ && !local_.in_array) {
      std::memcpy(static_cast<void *>(dst), run_.data() + pos, len * sizeof(V));
    } else if (V *direct = mem.direct(u)) {
      std::memcpy(static_cast<void *>(dst), direct + index, len * sizeof(V));
    } else {
      dart_handle_t handle = DART_HANDLE_NULL;
      check(
          dart_get_handle(dst, mem.gptr(u, index), len * sizeof(V), DART_TYPE_BYTE, DART_TYPE_BYTE, &handle),
          "dart_get_handle");
      transfers.add(handle);
    }
  }

  // 3. The cut of every unit's run at global rank R: cut[u] elements of
  // unit u are among the R smallest keys.
  std::vector<std::uint64_t> cuts_at(std::uint64_t R) const {
    std::vector<std::uint64_t> cut(p_, 0);
    std::uint64_t n = 0;
    for (const SortHeader &h : heads_) n += h.count;
    if (R == 0) return cut;
    if (R >= n) {
      for (std::size_t u = 0; u < p_; ++u) cut[u] = heads_[u].count;
      return cut;
    }
    // A sample x of unit v has rank_v(x) = q_v(j); in any other unit u, the
    // samples of u below x bound rank_u(x) from both sides. Walking the
    // samples in key order, the lower bound lo(x) and the upper bound hi(x)
    // of the global rank never decrease.
    std::vector<std::uint64_t> seen(p_, 0);
    std::vector<SortSampling> smp(p_);
    for (std::size_t u = 0; u < p_; ++u) smp[u] = sampling(u);
    auto lo_u = [&](std::size_t u) { return seen[u] > 0 ? smp[u].q(seen[u] - 1) + 1 : 0; };
    auto hi_u = [&](std::size_t u) { return seen[u] < smp[u].s ? smp[u].q(seen[u]) : smp[u].n; };
    std::uint64_t sum_lo = 0, sum_hi = 0;  // over all units, for the current `seen`
    for (std::size_t u = 0; u < p_; ++u) sum_hi += hi_u(u);
    // Window of unit u: [wlo[u], whi[u]) holds its cut. wlo from the last
    // samples certainly not above rank R (the samples before the first x
    // with hi(x) > R), whi from the first sample certainly not below it.
    std::vector<std::uint64_t> wlo(p_, 0), whi(p_);
    bool have_lo = false;
    for (std::size_t u = 0; u < p_; ++u) whi[u] = heads_[u].count;
    for (const SortSample<V> &x : samples_) {
      std::size_t v = x.unit;
      std::uint64_t qx = smp[v].q(x.j);
      std::uint64_t lo = sum_lo - lo_u(v) + qx, hi = sum_hi - hi_u(v) + qx;
      if (!have_lo && hi > R) {
        for (std::size_t u = 0; u < p_; ++u) wlo[u] = seen[u] > 0 ? smp[u].q(seen[u] - 1) : 0;
        have_lo = true;
      }
      if (lo >= R) {  // x is at or above the cut: so is everything after it
        for (std::size_t u = 0; u < p_; ++u) whi[u] = hi_u(u);
        whi[v] = qx;
        break;
      }
      sum_lo -= lo_u(v);
      sum_hi -= hi_u(v);
      ++seen[v];
      sum_lo += lo_u(v);
      sum_hi += hi_u(v);
    }
    if (!have_lo)
      for (std::size_t u = 0; u < p_; ++u) wlo[u] = seen[u] > 0 ? smp[u].q(seen[u] - 1) : 0;
    // Read the windows, then count off the remaining R - sum(wlo) smallest
    // keys among them (a merge of p sorted windows).
    std::vector<std::size_t> at(p_ + 1, 0);
    std::uint64_t below = 0;
    for (std::size_t u = 0; u < p_; ++u) {
      whi[u] = std::max(whi[u], wlo[u]);
      at[u + 1] = at[u] + (whi[u] - wlo[u]);
      below += wlo[u];
    }
    std::unique_ptr<V[]> win(new V[at[p_] > 0 ? at[p_] : 1]);
    {
      Transfers transfers;
      for (std::size_t u = 0; u < p_; ++u)
        if (whi[u] > wlo[u]) fetch(u, wlo[u], whi[u] - wlo[u], win.get() + at[u], transfers);
      transfers.wait();
    }
    std::vector<std::size_t> head(at.begin(), at.end() - 1);
    for (std::uint64_t k = below; k < R; ++k) {
      std::size_t best = p_;
      for (std::size_t u = 0; u < p_; ++u)
        if (head[u] < at[u + 1] && (best == p_ || key_less(win[head[u]], u, win[head[best]], best))) best = u;
      ++head[best];  // best < p_: the windows hold the cut
    }
    for (std::size_t u = 0; u < p_; ++u) cut[u] = wlo[u] + (head[u] - at[u]);
    return cut;
  }

  // 4./5. Merges the runs of buf (run i at [bounds[i], bounds[i+1])) into
  // this unit's bucket, global ranks [lo, lo + count).
  void write_bucket(V *buf, std::vector<std::size_t> &bounds, std::uint64_t lo) {
    const std::size_t m = mine().count;
    std::unique_ptr<V[]> out;
    V *dst = direct_ ? base_ + mine().lbase : (out.reset(new V[m]), out.get());
    std::unique_ptr<V[]> tmp;
    V *src = buf;
    while (bounds.size() > 3) {  // pairwise rounds until two runs are left
      if (!tmp) tmp.reset(new V[m]);
      V *to = src == buf ? tmp.get() : buf;
      std::vector<std::size_t> next{0};
      for (std::size_t i = 0; i + 1 < bounds.size(); i += 2) {
        std::size_t a = bounds[i], b = bounds[i + 1];
        std::size_t c = i + 2 < bounds.size() ? bounds[i + 2] : b;
        std::merge(src + a, src + b, src + b, src + c, to + a, comp_);
        next.push_back(c);
      }
      bounds.swap(next);
      src = to;
    }
    if (bounds.size() == 3)
      std::merge(src, src + bounds[1], src + bounds[1], src + bounds[2], dst, comp_);
    else
      std::copy(src, src + bounds.back(), dst);
    if (!direct_) {
      Transfers transfers;
      start_transfer(*r_.core, r_.view, r_.first + lo, r_.first + lo + m, dst, true, transfers);
      transfers.wait();
    }
  }

  const Range<V, N, P> &r_;
  const Compare &comp_;
  const std::size_t p_, me_;
  V *const base_;  // this unit's part of the container
  SortHeader local_{};
  std::vector<V> run_;  // the sorted local part, when not in place
  std::vector<SortHeader> heads_;
  std::vector<SortSample<V>> samples_;  // all units' samples in key order
  GlobalMemory<V> scratch_;
  bool direct_ = false;
};

}  // namespace detail

}  // namespace dash

#endif  // DASH_ALGORITHM_INTERNAL_SORT_INL_H
