#ifndef DASH_COARRAY_CO_EVENT_ITER_H
#define DASH_COARRAY_CO_EVENT_ITER_H

// CoEventIter: random-access iterator over the images of a dash::Coevent;
// *it is the CoEventRef of one image.

#include <cstddef>
#include <iterator>

#include <dash/coarray/CoEventRef.h>
#include <dash/Team.h>

namespace dash::coarray {

class CoEventIter {
  using counter_iterator = CoEventRef::counter_iterator;

 public:
  using difference_type = std::ptrdiff_t;
  using value_type = CoEventRef;
  using pointer = CoEventRef *;
  using reference = CoEventRef &;
  using iterator_category = std::random_access_iterator_tag;

  explicit CoEventIter(const counter_iterator &pos, const Team &team = Team::All())
      : team_(team), pos_(pos) {}

  const Team &team() const { return team_; }
  value_type operator[](int offset) const { return value_type(pos_ + offset, team_); }
  value_type operator*() const { return value_type(pos_, team_); }

  bool operator<(const CoEventIter &other) const noexcept { return pos_ < other.pos_; }
  bool operator>(const CoEventIter &other) const noexcept { return other.pos_ < pos_; }
  bool operator<=(const CoEventIter &other) const noexcept { return !(other.pos_ < pos_); }
  bool operator>=(const CoEventIter &other) const noexcept { return !(pos_ < other.pos_); }
  bool operator==(const CoEventIter &other) const noexcept {
    return pos_ == other.pos_ && team_ == other.team_;
  }
  bool operator!=(const CoEventIter &other) const noexcept { return !(*this == other); }

  CoEventIter &operator+=(int i) noexcept {
    pos_ += i;
    return *this;
  }
  CoEventIter &operator-=(int i) noexcept {
    pos_ -= i;
    return *this;
  }
  CoEventIter &operator++() noexcept { return *this += 1; }
  CoEventIter &operator--() noexcept { return *this -= 1; }
  CoEventIter operator++(int) noexcept {
    CoEventIter old = *this;
    ++*this;
    return old;
  }
  CoEventIter operator--(int) noexcept {
    CoEventIter old = *this;
    --*this;
    return old;
  }
  CoEventIter operator+(int i) const noexcept { return CoEventIter(pos_ + i, team_); }
  CoEventIter operator-(int i) const noexcept { return CoEventIter(pos_ - i, team_); }
  difference_type operator-(const CoEventIter &other) const noexcept { return pos_ - other.pos_; }

 private:
  Team team_;
  counter_iterator pos_;
};

}  // namespace dash::coarray

#endif  // DASH_COARRAY_CO_EVENT_ITER_H
