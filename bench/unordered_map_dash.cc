// dash::UnorderedMap: (1) inserts per second of distinct random keys, all
// units inserting at once, against std::unordered_map inserting the same
// number of keys on one unit (reserved to the same size; the other units
// wait in a barrier), once with the map sized for the keys and once
// starting at its minimum (16 slots per unit), so that it grows by
// overflow tables during the timed inserts (a fifth of the keys: its
// searches pass the full tables of the chain, slow on the MPI path); (2)
// the distributed k-mer count of DASH issue #249
// (counts[kmer] += 1: atomic insert-or-increment) on a pseudo-random DNA
// sequence per unit, against a serial std::unordered_map count of all the
// units' sequences on one unit, and checked entry by entry against it
// (each unit checks the entries it stores; exit status 1 on a mismatch);
// (3) barrier() moving entries home: every unit inserts keys homed on the
// next unit (so they land in the inserting unit's memory), then barrier()
// (DASH's commit) moves them to their home; the barrier's time against the
// inserts' time, for both storages (the hash table, whose chains grew into
// the inserting unit's memory, and DASH's model, whose inserts wait in the
// inserting unit), checked: every key found on its home unit afterwards.
#include <libdash.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "bench.h"

namespace {

std::uint64_t mix(std::uint64_t i) {
  std::uint64_t z = i * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

using Map = dash::UnorderedMap<std::uint64_t, long, std::hash<std::uint64_t>>;  // the scalable hash table

// DASH's model: a unit-valued hash, the key's home is key % units.
struct ModuloUnit {
  explicit ModuloUnit(dash::Team &team) : units(team.size()) {}
  dash::team_unit_t operator()(std::uint64_t key) const { return dash::team_unit_t(int(key % units)); }
  std::size_t units;
};
using UnitMap = dash::UnorderedMap<std::uint64_t, long, ModuloUnit>;

// ---- barrier() moving entries home ----

struct MoveTimes {
  double insert, barrier;
  bool ok;
};

// n keys per unit, each homed on the next unit, then barrier(); checks
// that every unit finds its own keys on their home unit.
template <typename M, typename KeysFor>
MoveTimes move_home(std::size_t n, std::size_t me, std::size_t p, KeysFor keys_for) {
  M map(0);
  std::vector<std::uint64_t> keys = keys_for(map, me);
  dash::barrier();
  double t0 = bench_now();
  for (std::size_t i = 0; i < n; ++i) map.insert({keys[i], long(i)});
  dash::barrier();
  double t1 = bench_now();
  map.barrier();
  double t2 = bench_now();
  bool ok = map.size() == n * p;
  const std::size_t home = (me + 1) % p;
  for (std::size_t i = 0; i < n && ok; i += 97) {
    auto it = map.find(keys[i]);
    ok = it != map.end() && std::size_t(it.lpos().unit.id) == home && (*it).second == long(i);
  }
  int mine = ok, all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return {t1 - t0, t2 - t1, all == 1};
}

// ---- inserts ----

// nelem: the map's initial size (n * p: no growth; 0: grows all along).
double dash_inserts(std::size_t n, std::size_t me, std::size_t p, std::size_t nelem) {
  Map map(nelem);
  dash::barrier();
  double t0 = bench_now();
  for (std::size_t i = 0; i < n; ++i) map.insert({mix(me * n + i), long(i)});
  dash::barrier();
  double t = bench_now() - t0;
  if (map.size() != n * p) {
    fprintf(stderr, "unordered_map_dash: %zu entries, expected %zu\n", map.size(), n * p);
    dash::finalize();
    exit(1);
  }
  return t;
}

double std_inserts(std::size_t total, std::size_t me) {
  double t = 0;
  if (me == 0) {
    std::unordered_map<std::uint64_t, long> map;
    map.reserve(total);
    double t0 = bench_now();
    for (std::size_t i = 0; i < total; ++i) map.insert({mix(i), long(i)});
    t = bench_now() - t0;
    if (map.size() != total) abort();
  }
  dash::barrier();
  return t;
}

// ---- k-mer count ----

constexpr int kK = 8;  // 4^8 = 65,536 distinct k-mers: repeats, so updates contend

// Base i of unit u's sequence (A, C, G, T as 0-3).
unsigned base(std::size_t u, std::size_t i) { return unsigned(mix(u * 0x100000000ull + i) >> 62); }

// Calls f(kmer) for every k-mer (2 bits per base) of unit u's sequence.
template <typename F>
void for_each_kmer(std::size_t u, std::size_t len, F f) {
  const std::uint64_t mask = (std::uint64_t(1) << (2 * kK)) - 1;
  std::uint64_t kmer = 0;
  for (std::size_t i = 0; i < len; ++i) {
    kmer = ((kmer << 2) | base(u, i)) & mask;
    if (i + 1 >= std::size_t(kK)) f(kmer);
  }
}

std::unordered_map<std::uint64_t, long> serial_count(std::size_t p, std::size_t len) {
  std::unordered_map<std::uint64_t, long> counts;
  for (std::size_t u = 0; u < p; ++u) for_each_kmer(u, len, [&](std::uint64_t k) { ++counts[k]; });
  return counts;
}

// Part (3): n entries per unit for DASH's model (0: 5,000, quick 500), a
// tenth of them for the hash table (its inserts are one-sided into the
// home unit's table: on the MPI path each waits for a round trip); prints
// the rows, returns whether every entry was found at home.
bool move_rows(const bench_t &b, std::size_t me, std::size_t p, std::size_t n) {
  const std::size_t nmove[2] = {std::max<std::size_t>(1, (n         ? n
                                                          : b.quick ? 500
                                                                    : 5000) /
                                                             10),
                                n         ? n
                                : b.quick ? 500
                                          : 5000};
  auto table_keys = [&nmove, p](const Map &map, std::size_t u) {
    std::vector<std::uint64_t> keys;
    for (std::uint64_t i = 0; keys.size() < nmove[0]; ++i)
      if (map.unit_of(mix(i ^ (u << 40))) == (u + 1) % p) keys.push_back(mix(i ^ (u << 40)));
    return keys;
  };
  auto unit_keys = [&nmove, p](const UnitMap &, std::size_t u) {
    std::vector<std::uint64_t> keys;
    for (std::uint64_t i = 0; keys.size() < nmove[1]; ++i)
      keys.push_back((u * nmove[1] + i) * p + (u + 1) % p);
    return keys;
  };
  static double m_ins[2][BENCH_MAX_TRIALS], m_bar[2][BENCH_MAX_TRIALS];
  bool moved_ok = true;
  for (int tr = 0; tr < b.trials; tr++) {
    for (int k = 0; k < 2; ++k) {
      const int which = (k + tr) % 2;  // rotated order
      MoveTimes t = which == 0 ? move_home<Map>(nmove[0], me, p, table_keys)
                               : move_home<UnitMap>(nmove[1], me, p, unit_keys);
      m_ins[which][tr] = t.insert;
      m_bar[which][tr] = t.barrier;
      moved_ok = moved_ok && t.ok;
    }
  }
  if (me == 0) {
    printf(
        "@table umap_move\nvariant,ranks,entries,insert_seconds,barrier_seconds,barrier_vs_insert,check\n");
    const char *names[2] = {"hash_table", "dash_model"};
    for (int w = 0; w < 2; ++w) {
      double ti = bench_median(m_ins[w], b.trials), tb = bench_median(m_bar[w], b.trials);
      printf("%s,%zu,%zu,%.6g,%.6g,%.6g,%s\n", names[w], p, nmove[w] * p, ti, tb, tb / ti,
             moved_ok ? "ok" : "MISMATCH");
    }
    if (!moved_ok) fprintf(stderr, "unordered_map_dash: entries not found at home after barrier()\n");
  }
  return moved_ok;
}

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  bench_t b;
  bench_setup(&argc, &argv, &b, 3, 1, 1);
  const std::size_t me = dash::myid(), p = dash::size();
  const std::size_t n = b.quick ? 2000 : 50000;    // inserts per unit
  const std::size_t len = b.quick ? 4000 : 50000;  // bases per unit
  const std::size_t n_grown = n / 5;               // inserts per unit into the growing map
  int fail = 0;

  // --move-only N: only part (3), N entries per unit.
  if (const char *move_only = bench_arg(argc, argv, "--move-only")) {
    fail = !move_rows(b, me, p, std::size_t(atol(move_only)));
    dash::finalize();
    return fail;
  }
  static double t_dash[BENCH_MAX_TRIALS], t_grown[BENCH_MAX_TRIALS], t_std[BENCH_MAX_TRIALS];
  for (int tr = 0; tr < b.trials; tr++) {
    if (tr % 2 == 0) {  // rotated order, see bench.h
      t_dash[tr] = dash_inserts(n, me, p, n * p);
      t_grown[tr] = dash_inserts(n_grown, me, p, 0);
      t_std[tr] = std_inserts(n * p, me);
    } else {
      t_std[tr] = std_inserts(n * p, me);
      t_grown[tr] = dash_inserts(n_grown, me, p, 0);
      t_dash[tr] = dash_inserts(n, me, p, n * p);
    }
  }
  if (me == 0) {
    printf("@table umap\nvariant,ranks,inserts,seconds,minserts_per_s\n");
    double td = bench_median(t_dash, b.trials), tg = bench_median(t_grown, b.trials),
           ts = bench_median(t_std, b.trials);
    printf("dash_unordered_map,%zu,%zu,%.6g,%.6g\n", p, n * p, td, double(n * p) / td / 1e6);
    printf("dash_unordered_map_grown,%zu,%zu,%.6g,%.6g\n", p, n_grown * p, tg,
           double(n_grown * p) / tg / 1e6);
    printf("std_unordered_map,1,%zu,%.6g,%.6g\n", n * p, ts, double(n * p) / ts / 1e6);
  }

  // k-mer count: distributed, then serial on unit 0 (others wait), then the check.
  static double k_dash[BENCH_MAX_TRIALS], k_std[BENCH_MAX_TRIALS];
  std::size_t distinct = 0;
  long mismatches = 0;
  for (int tr = 0; tr < b.trials; tr++) {
    Map counts(std::size_t(1) << (2 * kK));
    dash::barrier();
    double t0 = bench_now();
    for_each_kmer(me, len, [&](std::uint64_t k) { counts[k] += 1; });
    dash::barrier();
    k_dash[tr] = bench_now() - t0;
    k_std[tr] = 0;
    if (me == 0) {
      t0 = bench_now();
      auto ref = serial_count(p, len);
      k_std[tr] = bench_now() - t0;
      if (ref.empty()) abort();
    }
    dash::barrier();
    if (tr == 0) {  // every unit checks the entries it stores
      auto ref = serial_count(p, len);
      long bad = 0, mine = 0;
      for (auto &kv : counts.local) {
        auto it = ref.find(kv.first);
        bad += it == ref.end() || it->second != kv.second;
        ++mine;
      }
      long sums[2] = {bad, mine}, tot[2];
      MPI_Allreduce(sums, tot, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
      mismatches = tot[0] + std::labs(tot[1] - long(ref.size()));
      distinct = ref.size();
      if (counts.size() != ref.size()) ++mismatches;
    }
  }
  if (me == 0) {
    printf("@table kmer\nvariant,ranks,k,kmers,distinct,seconds,check\n");
    const std::size_t kmers = p * (len - kK + 1);
    printf("dash_unordered_map,%zu,%d,%zu,%zu,%.6g,%s\n", p, kK, kmers, distinct,
           bench_median(k_dash, b.trials), mismatches ? "MISMATCH" : "ok");
    printf("std_unordered_map_serial,1,%d,%zu,%zu,%.6g,ok\n", kK, kmers, distinct,
           bench_median(k_std, b.trials));
    if (mismatches)
      fprintf(stderr, "unordered_map_dash: %ld k-mer counts differ from the serial count\n", mismatches);
  }
  fail = mismatches != 0;

  fail = fail || !move_rows(b, me, p, 0);
  dash::finalize();
  return fail;
}
