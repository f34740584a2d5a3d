// Out-of-line parts of the host API (include/xesim/sycl): queue error delivery, event errors,
// kernel names.
#include <cstdio>
#include <string>

#include "xesim/sycl/event.hpp"
#include "xesim/sycl/kernel_name.hpp"

namespace xesim::sycl::detail {

void queue_state::report(std::exception_ptr e) {
  std::lock_guard lock(mutex);
  pending.push_back(std::move(e));
}

void queue_state::throw_asynchronous() {
  std::vector<std::exception_ptr> errors;
  {
    std::lock_guard lock(mutex);
    errors.swap(pending);
  }
  if (errors.empty()) return;
  if (handler) {
    handler(exception_list(std::move(errors)));
    return;
  }
  // No async handler: DPC++'s default one terminates; xesim rethrows the first error instead, so
  // `try { q.wait_and_throw(); } catch (const sycl::exception&)` sees it.
  std::rethrow_exception(errors.front());
}

queue_state::~queue_state() {
  for (const std::exception_ptr& e : pending) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      std::fprintf(stderr,
                   "xesim: error: asynchronous error never collected by wait_and_throw: %s\n",
                   ex.what());
    } catch (...) {
      std::fprintf(stderr,
                   "xesim: error: asynchronous error never collected by wait_and_throw (not a "
                   "std::exception)\n");
    }
  }
}

void throw_no_profiling() {
  throw exception(make_error_code(errc::invalid),
                  "Profiling information is unavailable as the queue associated with the event "
                  "does not have the "
                  "'enable_profiling' property.");
}

std::string tidy_type_name(std::string_view raw) {
  std::string s(raw);
  const std::string_view prefix = "xesim::sycl::";
  for (std::size_t p = s.find(prefix); p != std::string::npos; p = s.find(prefix, p))
    s.erase(p, 7);  // "xesim::"
  return s;
}

}  // namespace xesim::sycl::detail
