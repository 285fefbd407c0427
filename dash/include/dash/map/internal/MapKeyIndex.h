#ifndef DASH_MAP_INTERNAL_MAP_KEY_INDEX_H
#define DASH_MAP_INTERNAL_MAP_KEY_INDEX_H

// StoreKeyIndex: where each key is in one unit's store of dash::UnorderedMap
// in DASH's model (map/UnitStoreMap.h): built as the store grows (the
// calling unit's) or from the keys fetched in bulk after a barrier (other
// units'), so a lookup is no scan.

#include <cstddef>
#include <functional>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace dash::detail {

/// Positions of keys in one unit's store: a hash index where std::hash
/// fits Pred, else a list searched with Pred.
template <typename Key, typename Pred>
class StoreKeyIndex {
  static constexpr bool kHashed =
      std::is_same_v<Pred, std::equal_to<Key>> && std::is_default_constructible_v<std::hash<Key>>;

 public:
  void add(const Key &key, std::size_t pos) {
    if constexpr (kHashed)
      index_.emplace(key, pos);
    else
      index_.emplace_back(key, pos);
    ++indexed_;
  }
  std::optional<std::size_t> find(const Key &key, const Pred &equal) const {
    if constexpr (kHashed) {
      auto it = index_.find(key);
      if (it != index_.end()) return it->second;
    } else {
      for (const auto &kp : index_)
        if (equal(kp.first, key)) return kp.second;
    }
    return std::nullopt;
  }
  /// Entries of the store indexed so far (a prefix).
  std::size_t indexed() const { return indexed_; }
  void clear() {
    index_.clear();
    indexed_ = 0;
  }

 private:
  std::conditional_t<kHashed, std::unordered_map<Key, std::size_t>, std::vector<std::pair<Key, std::size_t>>>
      index_;
  std::size_t indexed_ = 0;
};

}  // namespace dash::detail

#endif  // DASH_MAP_INTERNAL_MAP_KEY_INDEX_H
