// Units that wait for each other by polling elements: a unit loops on
// `while (arr[i] != v) {}` until another unit writes v with arr[i] = v, a
// held GlobRef or arr.async[i] = v, and a flag/data hand-off in which a
// unit that sees the flag must see the data written before it. Element
// access has DART's ordering (internal/DirectAccess.h): on the shared-memory
// path the compiler may not keep the load out of the loop; on the MPI path
// (virtual nodes) every read of another unit's element is a
// dart_get_blocking, which the writer serves at its next runtime call at the
// latest (here the barrier after it writes). Writers compute before writing
// (no sleep: the tests run 4 units on 2 cores), so the poller is usually
// waiting already. A unit alone polls its own writes.
//
// Not tested, because it cannot work: on the MPI path, polling one's *own*
// element for a write from another node. The writer's put completes only
// while the target is in the runtime (README: Progress), and a loop loading
// one's own memory never enters it. Such a poller has to call the runtime
// while it waits (OwnMemoryThroughTheRuntime).
#include <cstring>
#include <optional>
#include <vector>

#include <dart/mpi.h>

#include "dash_test.h"

namespace {

constexpr int kWork = 1 << 20;  // a few milliseconds

// Work without runtime calls instead of a sleep.
double work(int n) {
  volatile double x = 1.0;
  for (int k = 0; k < n; ++k) x = x * 1.0000001 + 1e-9;
  return x;
}

// Whether `unit` (in Team::All) writes into the caller's memory by
// load/store: then the caller may wait by polling its own memory.
bool on_my_node(std::size_t unit) {
  int same = 0;
  EXPECT_EQ(dart_unit_on_my_node(static_cast<dart_unit_t>(unit), &same), DART_OK);
  return same != 0;
}

enum class Write { Ref, HeldRef, Async };

// Each unit w in turn writes an element that unit w + 1 polls; the element
// is stored on the writer (the poller reads another unit's memory) or on the
// poller (the writer writes it).
void write_and_poll(Write how, bool on_writer, bool held_poll) {
  const std::size_t p = dash::size(), me = dash::myid();
  dash::Array<long> arr(p);  // element u on unit u
  *arr.lbegin() = -1;
  arr.barrier();
  for (std::size_t w = 0; w < p; ++w) {
    const std::size_t r = (w + 1) % p, i = on_writer ? w : r;
    const long v = long(1000 * w + 7);
    const bool run = on_writer || on_my_node(me == w ? r : w);  // see the top
    if (run && me == w) {
      EXPECT_GT(work(kWork), 1.0);
      if (how == Write::Ref) {
        arr[i] = v;
      } else if (how == Write::HeldRef) {
        const auto ref = arr[i];
        ref = v;
      } else {
        arr.async[i] = v;
        arr.flush();
      }
    }
    if (run && me == r) {
      if (held_poll) {
        const auto ref = arr[i];
        while (ref.get() != v) {
        }
      } else {
        while (arr[i] != v) {
        }
      }
      EXPECT_EQ(long(arr[i]), v);
    }
    arr.barrier();  // keeps the writer in the runtime until the poller is done
  }
}

TEST(Polling, ReadAnotherUnitsElement) { write_and_poll(Write::Ref, true, false); }
TEST(Polling, WriteAnotherUnitsElement) { write_and_poll(Write::Ref, false, false); }
TEST(Polling, HeldReferences) {
  write_and_poll(Write::HeldRef, true, true);
  write_and_poll(Write::HeldRef, false, true);
}
TEST(Polling, AsyncWrites) {
  write_and_poll(Write::Async, true, false);
  write_and_poll(Write::Async, false, true);
}

// The remedy for polling one's own memory on the MPI path: an atomic value
// (on unit 0) goes through the runtime, so waiting on it serves the write.
TEST(Polling, OwnMemoryThroughTheRuntime) {
  dash::Shared<dash::Atomic<long>> flag;
  if (dash::myid() == dash::size() - 1) {
    EXPECT_GT(work(kWork), 1.0);
    flag.get().store(7);
  }
  if (dash::myid() == 0)
    while (flag.get().load() != 7) {
    }
  dash::barrier();
}

// A consumer walks data another unit appends, each element after a counter
// in the consumer's own memory, read by load, has passed it (MPI_Iprobe
// drives progress while it waits, as any runtime call would): each element
// read is the new one. Read-ahead breaks this program (the block read at
// the second element holds elements not yet written, and the library does
// not see the load): why it is off outside a dash::ReadAheadScope
// (docs/dash.md, "Reads ahead"); with DASH_READ_AHEAD=1 this test fails.
TEST(Polling, StreamBehindACounterInOwnMemory) {
  const std::size_t p = dash::size(), me = dash::myid();
  if (p < 2) GTEST_SKIP() << "needs 2 units";
  constexpr long kLen = 1000;
  dash::Array<long> data(kLen * long(p)), count(p);  // data[kLen, 2 kLen) on unit 1, count[0] on unit 0
  std::fill(data.local.begin(), data.local.end(), -1L);
  *count.lbegin() = 0;
  data.barrier();
  long wrong = 0;
  if (me == 1) {
    for (long i = 0; i < kLen; ++i) {
      data[kLen + i] = i;  // own memory
      count[0] = i + 1;    // into the consumer's memory, complete on return
    }
  }
  if (me == 0) {
    long seen = 0;
    for (long i = 0; i < kLen; ++i) {
      while (seen <= i) {
        seen = __atomic_load_n(count.lbegin(), __ATOMIC_ACQUIRE);
        int pending = 0;
        if (seen <= i) MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &pending, MPI_STATUS_IGNORE);
      }
      wrong += long(data[kLen + i]) != i;
    }
  }
  EXPECT_EQ(wrong, 0) << "elements read before they were written";
  data.barrier();
}

// Not a lock-free atomic size: copied between the fences.
struct Message {
  long round;
  int index, check;
};

Message message(long round, int j) { return {round, j, int(round * 31 + j)}; }

// Pairs of units (2k, 2k + 1; a unit left alone pairs with itself): the
// sender writes kLen data elements, then a flag; the receiver polls the
// flag, checks the data and acknowledges; the sender waits for the
// acknowledgement (stored on the other unit than the flag) before the next
// round. Data and flag are each stored on the sender or on the receiver (the
// flag on the receiver only on one node: both then poll their own memory,
// see the top). Odd rounds move the data with dash::copy (the bulk path),
// even ones element by element.
void flag_then_data(bool lower_sends, bool data_on_sender, bool flag_on_sender, bool read_ahead = false) {
  constexpr int kLen = 5;
  const std::size_t p = dash::size(), me = dash::myid();
  const std::size_t lo = me & ~std::size_t(1), hi = lo + 1 < p ? lo + 1 : lo;
  const std::size_t s = lower_sends ? lo : hi, r = lower_sends ? hi : lo;
  const long rounds = p > 2 ? 20 : 100;       // oversubscribed: a hand-off can take a time slice
  std::optional<dash::ReadAheadScope> ahead;  // over all rounds: blocks of earlier rounds are stale
  if (read_ahead) ahead.emplace();
  dash::Array<Message> data(p * kLen);  // unit u holds [u * kLen, (u + 1) * kLen)
  dash::Array<long> flag(p), ack(p);
  *flag.lbegin() = *ack.lbegin() = 0;
  data.barrier();
  const std::size_t d = (data_on_sender ? s : r) * kLen;
  const std::size_t fi = flag_on_sender ? s : r, ai = flag_on_sender ? r : s;
  const bool run = flag_on_sender || on_my_node(me == s ? r : s);
  auto first = data.begin() + static_cast<std::ptrdiff_t>(d);
  std::vector<Message> buf(kLen);
  int wrong = 0;
  for (long round = 1; run && round <= rounds; ++round) {
    if (me == s) {
      for (int j = 0; j < kLen; ++j) buf[j] = message(round, j);
      if (round % 2)
        dash::copy(buf.data(), buf.data() + kLen, first);
      else
        for (int j = 0; j < kLen; ++j) data[d + j] = buf[j];
      flag[fi] = round;
    }
    if (me == r) {
      while (flag[fi] != round) {
      }
      if (round % 2)
        dash::copy(first, first + kLen, buf.data());
      else
        for (int j = 0; j < kLen; ++j) buf[j] = data[d + j];
      for (int j = 0; j < kLen; ++j) {
        Message want = message(round, j);
        wrong += std::memcmp(&buf[j], &want, sizeof want) != 0;
      }
      ack[ai] = round;
    }
    if (me == s)
      while (ack[ai] != round) {
      }
  }
  EXPECT_EQ(wrong, 0) << "rounds with stale data, sender " << s << " receiver " << r;
  data.barrier();
}

TEST(Polling, FlagThenData) {
  for (bool lower_sends : {true, false})
    for (bool data_on_sender : {true, false})
      for (bool flag_on_sender : {true, false}) flag_then_data(lower_sends, data_on_sender, flag_on_sender);
}

// The same inside a read-ahead scope: the flag is read through the library,
// which drops what the read-ahead holds (internal/ReadAhead.h).
TEST(Polling, FlagThenDataInAReadAheadScope) {
  for (bool lower_sends : {true, false})
    for (bool data_on_sender : {true, false})
      for (bool flag_on_sender : {true, false})
        flag_then_data(lower_sends, data_on_sender, flag_on_sender, true);
}

}  // namespace
