// Kernel printf (sycl::ext::oneapi::experimental::printf): line-buffered per work-item.
#include <cstdio>
#include <mutex>
#include <string>
#include <unordered_map>

#include "xesim/runtime/context.hpp"

namespace xesim::rt {
namespace {

std::mutex& out_lock() {
  static std::mutex m;
  return m;
}
void write_out(const char* p, std::size_t n) {
  std::lock_guard<std::mutex> g(out_lock());
  std::fwrite(p, 1, n, stdout);
  std::fflush(stdout);
}
// Unfinished lines of the work-items this thread runs (its group's fibers share the thread).
std::unordered_map<const item_state*, std::string>& pending() {
  thread_local std::unordered_map<const item_state*, std::string> m;
  return m;
}

}  // namespace

void kernel_print(const char* text, std::size_t n) {
  item_state* it = current_item();
  if (!it) return write_out(text, n);  // on the host: as printf
  std::size_t last_nl = n;
  for (std::size_t i = n; i > 0; --i)
    if (text[i - 1] == '\n') {
      last_nl = i;
      break;
    }
  if (last_nl == n && (n == 0 || text[n - 1] != '\n')) last_nl = 0;  // no newline at all
  std::string* line = it->print_pending ? &pending()[it] : nullptr;
  if (last_nl > 0) {  // whole lines: with the item's unfinished one before them, in one write
    if (line) {
      line->append(text, last_nl);
      write_out(line->data(), line->size());
      line->clear();
    } else {
      write_out(text, last_nl);
    }
  }
  if (last_nl < n) {
    if (!line) line = &pending()[it];
    line->append(text + last_nl, n - last_nl);
    it->print_pending = true;
  } else if (line) {
    pending().erase(it);
    it->print_pending = false;
  }
}

void flush_kernel_print(item_state& it) {
  auto& m = pending();
  auto found = m.find(&it);
  if (found != m.end()) {
    if (!found->second.empty()) write_out(found->second.data(), found->second.size());
    m.erase(found);
  }
  it.print_pending = false;
}

}  // namespace xesim::rt
