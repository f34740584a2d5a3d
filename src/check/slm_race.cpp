// slm-race shadow (slm_race.hpp). A group's items run on one thread (fibers), so the shadow is
// per thread and needs no lock; it is keyed by the group it describes.
#include "slm_race.hpp"

#include <string>
#include <vector>

#include "report.hpp"

namespace xesim::check::detail {
namespace {

constexpr std::uint32_t kNone = 0;
constexpr std::uint32_t kMany = ~std::uint32_t(0);

struct byte_shadow {
  std::uint32_t write_epoch, writer;  // writer: local linear id + 1, kNone
  std::uint32_t read_epoch, reader;   // reader: id + 1, kMany for several, kNone
  std::source_location write_loc;
};

struct race_shadow {
  const void* group = nullptr;
  const rt::launch_info* launch = nullptr;
  std::size_t group_linear = ~std::size_t(0);
  std::vector<byte_shadow> bytes;
};
thread_local race_shadow tls_shadow;

race_shadow& shadow_for(const rt::item_state& it) {
  race_shadow& s = tls_shadow;
  if (s.group != it.group || s.launch != it.launch || s.group_linear != it.group_linear_id) {
    s.group = it.group;
    s.launch = it.launch;
    s.group_linear = it.group_linear_id;
    s.bytes.assign(s.bytes.size(), byte_shadow{});
  }
  if (s.bytes.size() < it.slm_size) s.bytes.resize(it.slm_size, byte_shadow{});
  return s;
}

void report_race(const rt::item_state& it, std::uint64_t offset, bool write, std::uint32_t other,
                 bool other_wrote, const std::source_location& other_loc,
                 const std::source_location& loc) {
  std::string what =
      "work-item " + std::to_string(it.local_linear_id) + " " + (write ? "writes" : "reads") +
      " SLM byte offset " + std::to_string(offset) + " that work-item " +
      (other == kMany ? std::string("s (several)") : std::to_string(other - 1)) + " " +
      (other_wrote ? "wrote" : "read") + " since the same barrier, with no barrier between them";
  std::string details = item_lines(&it) + "    call: at " + where(loc) + "\n";
  if (other_wrote) details += "    other access: write at " + where(other_loc) + "\n";
  details += "    barrier interval: after barrier #" + std::to_string(it.barriers_passed) + "\n";
  report(severity::error, "slm-race", site_of(loc), what, details,
         "put a barrier() between the write and the other work-item's access (or give each "
         "work-item its own SLM bytes)");
}

}  // namespace

void slm_race_record(const rt::item_state& it, std::uint64_t offset, std::uint64_t bytes,
                     bool write, const std::source_location& loc) {
  if (!it.group) return;
  race_shadow& s = shadow_for(it);
  const std::uint32_t me = static_cast<std::uint32_t>(it.local_linear_id) + 1;
  const std::uint32_t epoch = it.barriers_passed + 1;  // 0 means "never"
  bool reported = false;
  for (std::uint64_t b = offset; b < offset + bytes && b < s.bytes.size(); ++b) {
    byte_shadow& e = s.bytes[b];
    if (!reported) {
      if (e.write_epoch == epoch && e.writer != me && e.writer != kNone) {
        report_race(it, b, write, e.writer, true, e.write_loc, loc);
        reported = true;
      } else if (write && e.read_epoch == epoch && e.reader != me && e.reader != kNone) {
        report_race(it, b, write, e.reader, false, {}, loc);
        reported = true;
      }
    }
    if (write) {
      e.write_epoch = epoch;
      e.writer = me;
      e.write_loc = loc;
    } else if (e.read_epoch != epoch || e.reader == kNone) {
      e.read_epoch = epoch;
      e.reader = me;
    } else if (e.reader != me) {
      e.reader = kMany;
    }
  }
}

void slm_race_reset() noexcept {
  race_shadow& s = tls_shadow;
  s.group = nullptr;
  s.launch = nullptr;
  s.group_linear = ~std::size_t(0);
}

}  // namespace xesim::check::detail
