#ifndef DASH_PATTERN_PATTERN_ITERATOR_H
#define DASH_PATTERN_PATTERN_ITERATOR_H

// PatternIterator<P>, as DASH's: walks a pattern's global indices in order;
// *it is the owner and local index of the current one (P::local(gindex)).
//
//   dash::PatternIterator<dash::Pattern<1>> it(pattern);
//   auto pos = *it++;   // pos.unit, pos.index of global index 0

#include <cstddef>

#include <dash/Types.h>

namespace dash {

template <class PatternType, typename IndexType = default_index_t>
class PatternIterator {
 public:
  explicit PatternIterator(const PatternType &pattern) : pattern_(&pattern) {}
  PatternIterator(const PatternType &pattern, IndexType gindex) : pattern_(&pattern), gpos_(gindex) {}

  /// Owner and local index of the current global index.
  typename PatternType::local_index_t operator*() const {
    return pattern_->local(static_cast<std::size_t>(gpos_));
  }
  /// The current global index.
  IndexType pos() const { return gpos_; }

  PatternIterator &operator++() {
    ++gpos_;
    return *this;
  }
  PatternIterator operator++(int) {
    PatternIterator old(*this);
    ++gpos_;
    return old;
  }
  PatternIterator &operator--() {
    --gpos_;
    return *this;
  }
  PatternIterator operator--(int) {
    PatternIterator old(*this);
    --gpos_;
    return old;
  }
  bool operator==(const PatternIterator &o) const { return pattern_ == o.pattern_ && gpos_ == o.gpos_; }
  bool operator!=(const PatternIterator &o) const { return !(*this == o); }

 private:
  const PatternType *pattern_;
  IndexType gpos_ = 0;
};

}  // namespace dash

#endif  // DASH_PATTERN_PATTERN_ITERATOR_H
