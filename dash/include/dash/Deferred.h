#ifndef DASH_DEFERRED_H
#define DASH_DEFERRED_H

// Deferred<T>: a value computed on first use by a generator function (DASH
// names the header; its class is unfinished there). get() (or * or the
// conversion) runs the generator once and keeps the result; assigning
// another Deferred takes its generator and forgets the value.

#include <functional>
#include <optional>
#include <utility>

namespace dash {

template <typename T>
class Deferred {
 public:
  /// Generates T().
  Deferred() : gen_([] { return T(); }) {}
  explicit Deferred(std::function<T()> gen) : gen_(std::move(gen)) {}
  Deferred(const Deferred &other) : gen_(other.gen_) {}
  Deferred &operator=(const Deferred &other) {
    gen_ = other.gen_;
    value_.reset();
    return *this;
  }

  T &get() {
    if (!value_) value_.emplace(gen_());
    return *value_;
  }
  T &operator*() { return get(); }
  operator T() { return get(); }

 private:
  std::function<T()> gen_;
  std::optional<T> value_;
};

}  // namespace dash

#endif  // DASH_DEFERRED_H
