// Work-group rules: barrier-divergence, slm-too-large, slm-init-misuse, invalid-launch, and
// the barrier bookkeeping slm-race relies on.
#include <string>

#include "internal.hpp"
#include "report.hpp"
#include "slm_race.hpp"
#include "xesim/check/check.hpp"
#include "xesim/runtime/device_model.hpp"

namespace xesim::check {
namespace {

// The guide: more than 64 KB of SLM per group limits occupancy.
constexpr std::size_t kSlmWarnBytes = 64 * 1024;
constexpr std::size_t kMaxIdsListed = 16;

std::string id_list(const std::size_t* v, std::size_t n) {
  std::string s = "{";
  for (std::size_t i = 0; i < n && i < kMaxIdsListed; ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  if (n > kMaxIdsListed) s += ", ... (" + std::to_string(n) + " in all)";
  return s + "}";
}

}  // namespace

// ------------------------------ slm_init
std::size_t on_slm_init(std::size_t bytes, const std::source_location& loc) {
  rt::item_state* it = rt::current_item();
  if (!it || !it->group) return bytes;  // the engine raises its own error there
  const dev::device_model& m = dev::current_device();
  if (it->slm_inits++ > 0) {
    report(severity::error, "slm-init-misuse", site_of(loc),
           "slm_init called again by the same work-item (first call at " + where(it->slm_init_loc) +
               ")",
           item_lines(it) + "    call: slm_init(" + std::to_string(bytes) + ") at " + where(loc) +
               "\n",
           "call slm_init exactly once, unconditionally, at the top of the kernel");
  } else {
    it->slm_init_loc = loc;
  }
  if (bytes > m.slm_per_group) {
    report(severity::error, "slm-too-large", site_of(loc),
           "slm_init(" + std::to_string(bytes) +
               ") asks for more SLM than a work-group may use on " + m.name + " (" +
               std::to_string(m.slm_per_group) + " bytes)",
           item_lines(it) + "    call: slm_init at " + where(loc) + "\n",
           "tile the work so a group needs less SLM (the guide: at most 64 KB per group)");
    return m.slm_per_group;  // go on with what the device has
  }
  if (bytes > kSlmWarnBytes)
    report(severity::warning, "slm-too-large", site_of(loc),
           "slm_init(" + std::to_string(bytes) + ") is above 64 KB per work-group",
           item_lines(it) + "    call: slm_init at " + where(loc) + "\n",
           "the guide recommends at most 64 KB per group so several groups share an Xe-core");
  return bytes;
}

// ------------------------------ barrier
void on_barrier(const std::source_location& loc) noexcept {
  if (rt::item_state* it = rt::current_item()) it->barrier_loc = loc;
}

namespace detail {

bool on_barrier_divergence(const rt::barrier_divergence_info& info) {
  if (!on()) return false;  // off: the engine raises its sycl::exception
  const rt::launch_info& l = *info.launch;
  const int nbar = info.named_barrier && info.waiting_count > 0
                       ? info.named_barrier[info.waiting[0]]
                       : -1;
  std::string what =
      nbar >= 0
          ? "work-items " + id_list(info.waiting, info.waiting_count) +
                " of a work-group wait at barriers no remaining work-item can complete (work-item " +
                std::to_string(info.waiting[0]) + " at " +
                (nbar == 32 ? std::string("the split barrier")
                            : "named barrier " + std::to_string(nbar)) +
                ")"
          : "work-items " + id_list(info.exited, info.exited_count) +
                " of a work-group returned from the kernel (or called fewer barriers) while "
                "work-items " +
                id_list(info.waiting, info.waiting_count) + " wait at a barrier";
  std::string details = std::string("    kernel: ") + l.kernel_name +
                        "\n    work-group: " + ids(info.group_id, l.dims) + " (linear " +
                        std::to_string(info.group_linear_id) + ", " +
                        std::to_string(info.group_size) + " work-items)\n";
  const std::source_location bl =
      info.waiting_count > 0 ? info.items[info.waiting[0]].barrier_loc : std::source_location{};
  if (nbar >= 0)
    details += "    call: " +
               (nbar == 32 ? std::string("split_barrier<wait>()")
                           : "named_barrier_wait(" + std::to_string(nbar) + ")") +
               " of work-item " +
               std::to_string(info.waiting[0]) + " at " + where(bl) + "\n";
  else
    details += "    call: barrier() #" + std::to_string(info.barriers[info.waiting[0]] + 1) +
               " of work-item " + std::to_string(info.waiting[0]) + " at " + where(bl) + "\n";
  if (info.exited_count > 0)
    details += "    work-item " + std::to_string(info.exited[0]) + " passed " +
               std::to_string(info.barriers[info.exited[0]]) + " barrier(s) and returned\n";
  details += "    the waiting work-items are released and go on (on a GPU this group hangs)\n";
  report(severity::error, "barrier-divergence", std::string(l.kernel_name) + "@" + site_of(bl),
         what, details,
         nbar >= 0 ? "each phase of a named barrier completes only when num_producers producer "
                     "and num_consumers consumer signals arrived: signal with the counts the "
                     "work-items really send, and wait only after signalling"
                   : "every work-item of a group must call barrier() the same number of times: "
                     "no barrier inside a condition, no early return before one");
  return true;
}

void on_invalid_launch(const rt::launch_info& launch, const char* message) {
  if (!on()) return;
  std::string details = std::string("    kernel: ") + launch.kernel_name + "\n";
  details += std::string("    call: ") +
             (launch.is_nd_range ? "parallel_for(nd_range)" : "launch") + " at " +
             where(launch.call_loc) + "\n";
  if (launch.submit_loc.line() != 0 && site_of(launch.submit_loc) != site_of(launch.call_loc))
    details += "    submit: " + where(launch.submit_loc) + "\n";
  report(severity::error, "invalid-launch",
         std::string(launch.kernel_name) + "@" + site_of(launch.call_loc) + "|" + message, message,
         details,
         "the global range must be a multiple of the local range, and the work-group at most "
         "max_work_group_size work-items (the launch throws sycl::exception, errc::nd_range)");
}

void on_group_end(const rt::item_state* items, std::size_t count) {
  if (!on() || count == 0) return;
  if (current_level() == level::full) slm_race_reset();
  std::size_t with = 0;
  const rt::item_state* first = nullptr;
  const rt::item_state* without = nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    if (items[i].slm_inits > 0) {
      ++with;
      if (!first) first = &items[i];
    } else if (!without) {
      without = &items[i];
    }
  }
  if (with == 0 || with == count) return;
  report(severity::error, "slm-init-misuse", site_of(first->slm_init_loc),
         "slm_init was called by " + std::to_string(with) + " of the " + std::to_string(count) +
             " work-items of a work-group (work-item " + std::to_string(without->local_linear_id) +
             " never called it)",
         item_lines(first) + "    call: slm_init at " + where(first->slm_init_loc) + "\n",
         "call slm_init unconditionally at the top of the kernel, in every work-item");
}

}  // namespace detail
}  // namespace xesim::check
