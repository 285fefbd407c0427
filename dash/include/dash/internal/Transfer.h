#ifndef DASH_INTERNAL_TRANSFER_H
#define DASH_INTERNAL_TRANSFER_H

// Bulk transfers between a global range and a local buffer: one DART
// transfer per unit block, not one per element.
//
// The range's pieces (iterator/internal/ContiguousRange.h) are grouped per unit: consecutive
// pieces that continue each other in both local memory and the buffer merge
// into one run; equal-length pieces at constant distances on both sides
// (the rows of a unit's block of a matrix view) form one strided group,
// moved by a single transfer with DART strided types. Parts reachable by
// load/store are copied with memmove between the fences DART puts around
// such copies.

#include <atomic>
#include <cstddef>
#include <cstring>
#include <vector>

#include <dart/dart.h>
#include <dash/internal/ArrayCore.h>
#include <dash/iterator/internal/ContiguousRange.h>
#include <dash/Exception.h>
#include <dash/internal/TransferHandles.h>
#include <dash/internal/ReadAhead.h>

namespace dash::detail {

/// `count` blocks of `len` elements of `unit`: block i at local index
/// lindex + i * lstride and at buffer position pos + i * pstride.
struct TransferGroup {
  std::size_t unit, lindex, len, count, lstride, pos, pstride;
};

/// The groups of positions [first, last) of `view`; buffer positions are
/// relative to `first`.
template <typename P, std::size_t N>
std::vector<TransferGroup> transfer_plan(const P &pattern, const Block<N> &view, std::size_t first,
                                         std::size_t last) {
  std::vector<TransferGroup> plan, open(pattern.nunits(), TransferGroup{0, 0, 0, 0, 0, 0, 0});
  for_each_global_piece(pattern, view, first, last, [&](const GlobalPiece &p) {
    TransferGroup &g = open[p.unit];
    std::size_t pos = p.pos - first;
    if (g.count == 1 && p.lindex == g.lindex + g.len && pos == g.pos + g.len) {
      g.len += p.len;  // continues the run on both sides
      return;
    }
    if (g.count >= 1 && p.len == g.len) {
      if (g.count == 1 && p.lindex >= g.lindex + g.len && pos >= g.pos + g.len) {
        g.lstride = p.lindex - g.lindex;
        g.pstride = pos - g.pos;
        g.count = 2;
        return;
      }
      if (g.count > 1 && p.lindex == g.lindex + g.count * g.lstride && pos == g.pos + g.count * g.pstride) {
        ++g.count;
        return;
      }
    }
    if (g.count > 0) plan.push_back(g);
    g = TransferGroup{p.unit, p.lindex, p.len, 1, p.len, pos, p.len};
  });
  for (const TransferGroup &g : open)
    if (g.count > 0) plan.push_back(g);
  return plan;
}

/// Byte layout of `count` blocks of `len` elements `stride` apart: BYTE if
/// contiguous, else a strided type kept alive by `transfers`.
inline dart_datatype_t strided_bytes(std::size_t elem, std::size_t count, std::size_t len, std::size_t stride,
                                     Transfers &transfers) {
  if (count == 1 || stride == len) return DART_TYPE_BYTE;
  dart_datatype_t type = DART_TYPE_UNDEFINED;
  check(dart_type_create_strided(DART_TYPE_BYTE, stride * elem, len * elem, &type),
        "dart_type_create_strided");
  transfers.keep(type);
  return type;
}

/// Starts moving positions [first, last) of `view` of `core` to (get) or
/// from (put) `buf`, which holds them in range order. Handles and types go
/// to `transfers`; directly reachable parts are done on return.
template <typename T, std::size_t N, typename P>
void start_transfer(const ArrayCore<T, N, P> &core, const Block<N> &view, std::size_t first, std::size_t last,
                    T *buf, bool put, Transfers &transfers) {
  constexpr std::size_t elem = sizeof(T);
  read_ahead_other_access();  // an element access the read-ahead does not serve
  for (const TransferGroup &g : transfer_plan(core.pattern, view, first, last)) {
    if (T *direct = core.mem.direct(g.unit)) {
      // Fenced as DART's blocking shared-memory transfers (direct_access.h).
      if (!put) std::atomic_thread_fence(std::memory_order_acquire);
      for (std::size_t i = 0; i < g.count; ++i) {
        T *remote = direct + g.lindex + i * g.lstride;
        T *local = buf + g.pos + i * g.pstride;
        if (put)
          std::memmove(remote, local, g.len * elem);
        else
          std::memmove(local, remote, g.len * elem);
      }
      if (put) std::atomic_thread_fence(std::memory_order_seq_cst);
      continue;
    }
    dart_datatype_t rtype = strided_bytes(elem, g.count, g.len, g.lstride, transfers);
    dart_datatype_t ltype = strided_bytes(elem, g.count, g.len, g.pstride, transfers);
    dart_handle_t handle = DART_HANDLE_NULL;
    std::size_t nbytes = g.count * g.len * elem;
    if (put) {
      check(dart_put_handle(core.mem.gptr(g.unit, g.lindex), buf + g.pos, nbytes, ltype, rtype, &handle),
            "dart_put_handle");
      read_ahead_invalidate();
    } else if (rtype != DART_TYPE_BYTE || ltype != DART_TYPE_BYTE) {
      // No handle for strided gets (see Transfers::flush_local).
      check(dart_get(buf + g.pos, core.mem.gptr(g.unit, g.lindex), nbytes, rtype, ltype), "dart_get");
      transfers.flush_local(core.mem.base());
    } else {
      check(dart_get_handle(buf + g.pos, core.mem.gptr(g.unit, g.lindex), nbytes, rtype, ltype, &handle),
            "dart_get_handle");
    }
    transfers.add(handle);
  }
}

}  // namespace dash::detail

#endif  // DASH_INTERNAL_TRANSFER_H
