#ifndef DASH_FUTURE_H
#define DASH_FUTURE_H

// Future<R>: a result that may not be there yet, as DASH's. It holds either
// a ready value or up to three functions:
//  - get:     blocks until the result is there and returns it;
//  - test:    never blocks; returns whether the result is there and, if so,
//             stores it through its argument (Future<void>: no argument);
//  - destroy: called once when the future is destroyed (release resources).
// wait() runs get once; test() runs test (or, without one, get); after either
// reported completion the value is kept and returned by every get().
// Asynchronous algorithms (dash::copy_async) return futures over DART
// transfers in flight: their destructor completes the transfers, so buffers
// are never left with transfers pending. Move-only.

#include <functional>
#include <memory>
#include <ostream>
#include <sstream>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include <dash/internal/Printable.h>
#include <dash/internal/TransferHandles.h>
#include <dash/Exception.h>

namespace dash {

template <typename ResultT>
class Future {
 public:
  using self_t = Future<ResultT>;
  using get_func_t = std::function<ResultT(void)>;
  using test_func_t = std::function<bool(ResultT *)>;
  using destroy_func_t = std::function<void(void)>;

  /// An invalid future (valid() is false).
  Future() = default;
  /// A ready future.
  Future(ResultT result) : value_(std::move(result)), ready_(true) {}
  Future(get_func_t get_func) noexcept : get_func_(std::move(get_func)) {}
  Future(get_func_t get_func, test_func_t test_func) noexcept
      : get_func_(std::move(get_func)), test_func_(std::move(test_func)) {}
  Future(get_func_t get_func, test_func_t test_func, destroy_func_t destroy_func) noexcept
      : get_func_(std::move(get_func)),
        test_func_(std::move(test_func)),
        destroy_func_(std::move(destroy_func)) {}
  /// `result` once `transfers` are complete (asynchronous algorithms).
  Future(ResultT result, detail::Transfers transfers) {
    auto pending = std::make_shared<detail::Transfers>(std::move(transfers));
    value_ = std::move(result);
    get_func_ = [pending, result = value_]() {
      pending->wait();
      return result;
    };
    // The last copy of `pending` completes the transfers (~Transfers).
    test_func_ = [pending](ResultT *) { return pending->test(); };
  }

  Future(const self_t &) = delete;
  self_t &operator=(const self_t &) = delete;
  Future(self_t &&other) noexcept { take(other); }
  self_t &operator=(self_t &&other) noexcept {
    if (this != &other) {
      destroy();
      take(other);
    }
    return *this;
  }
  ~Future() { destroy(); }

  /// Blocks until the result is there.
  void wait() {
    if (ready_) return;
    if (!get_func_) DASH_THROW(dash::exception::RuntimeError, "dash::Future::wait: the future has no result");
    value_ = get_func_();
    ready_ = true;
  }
  /// True if the result is there; never blocks if the future has a test
  /// function.
  bool test() {
    if (ready_) return true;
    if (test_func_) {
      ready_ = test_func_(&value_);
    } else if (get_func_) {
      value_ = get_func_();
      ready_ = true;
    } else {
      DASH_THROW(dash::exception::RuntimeError, "dash::Future::test: the future has no result");
    }
    return ready_;
  }
  /// Waits, then returns the result.
  ResultT get() {
    wait();
    return value_;
  }
  /// True if the future has a result or a way to get one.
  bool valid() const noexcept { return ready_ || static_cast<bool>(get_func_); }

  friend std::ostream &operator<<(std::ostream &os, const Future &future) {
    std::ostringstream ss;
    ss << "dash::Future<" << typeid(ResultT).name() << ">(";
    if (future.ready_) {
      if constexpr (detail::is_printable_v<ResultT>)
        ss << future.value_;
      else
        ss << "ready";
    } else {
      ss << "not ready";
    }
    ss << ")";
    return os << ss.str();
  }

 private:
  void destroy() {
    if (destroy_func_) {
      destroy_func_t f = std::move(destroy_func_);
      destroy_func_ = nullptr;
      f();
    }
  }
  void take(self_t &other) {
    get_func_ = std::move(other.get_func_);
    test_func_ = std::move(other.test_func_);
    destroy_func_ = std::move(other.destroy_func_);
    value_ = std::move(other.value_);
    ready_ = other.ready_;
    other.get_func_ = nullptr;
    other.test_func_ = nullptr;
    other.destroy_func_ = nullptr;
    other.ready_ = false;
  }

  get_func_t get_func_;
  test_func_t test_func_;
  destroy_func_t destroy_func_;
  ResultT value_{};
  bool ready_ = false;
};

/// A future without a result: the completion of an operation.
template <>
class Future<void> {
 public:
  using self_t = Future<void>;
  using get_func_t = std::function<void(void)>;
  using test_func_t = std::function<bool(void)>;
  using destroy_func_t = std::function<void(void)>;

  Future() = default;
  Future(get_func_t get_func) noexcept : get_func_(std::move(get_func)) {}
  Future(get_func_t get_func, test_func_t test_func) noexcept
      : get_func_(std::move(get_func)), test_func_(std::move(test_func)) {}
  Future(get_func_t get_func, test_func_t test_func, destroy_func_t destroy_func) noexcept
      : get_func_(std::move(get_func)),
        test_func_(std::move(test_func)),
        destroy_func_(std::move(destroy_func)) {}
  /// Complete once `transfers` are.
  explicit Future(detail::Transfers transfers) {
    auto pending = std::make_shared<detail::Transfers>(std::move(transfers));
    get_func_ = [pending]() { pending->wait(); };
    test_func_ = [pending]() { return pending->test(); };
  }

  Future(const self_t &) = delete;
  self_t &operator=(const self_t &) = delete;
  Future(self_t &&other) noexcept { take(other); }
  self_t &operator=(self_t &&other) noexcept {
    if (this != &other) {
      destroy();
      take(other);
    }
    return *this;
  }
  ~Future() { destroy(); }

  void wait() {
    if (ready_) return;
    if (!get_func_)
      DASH_THROW(dash::exception::RuntimeError, "dash::Future::wait: the future has nothing to wait for");
    get_func_();
    ready_ = true;
  }
  bool test() {
    if (ready_) return true;
    if (test_func_) {
      ready_ = test_func_();
    } else if (get_func_) {
      get_func_();
      ready_ = true;
    } else {
      DASH_THROW(dash::exception::RuntimeError, "dash::Future::test: the future has nothing to wait for");
    }
    return ready_;
  }
  void get() { wait(); }
  bool valid() const noexcept { return static_cast<bool>(get_func_); }

  friend std::ostream &operator<<(std::ostream &os, const Future &future) {
    return os << "dash::Future<void>(" << (future.ready_ ? "ready" : "not ready") << ")";
  }

 private:
  void destroy() {
    if (destroy_func_) {
      destroy_func_t f = std::move(destroy_func_);
      destroy_func_ = nullptr;
      f();
    }
  }
  void take(self_t &other) {
    get_func_ = std::move(other.get_func_);
    test_func_ = std::move(other.test_func_);
    destroy_func_ = std::move(other.destroy_func_);
    ready_ = other.ready_;
    other.get_func_ = nullptr;
    other.test_func_ = nullptr;
    other.destroy_func_ = nullptr;
    other.ready_ = false;
  }

  get_func_t get_func_;
  test_func_t test_func_;
  destroy_func_t destroy_func_;
  bool ready_ = false;
};

}  // namespace dash

#endif  // DASH_FUTURE_H
