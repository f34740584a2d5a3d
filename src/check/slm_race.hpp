// slm-race (full): two work-items of a group touch the same SLM bytes between the same two
// barriers and at least one writes. A shadow entry per SLM byte of the group running on this
// thread records the last writer and the readers of the current barrier interval.
#pragma once

#include <cstdint>
#include <source_location>

#include "xesim/runtime/context.hpp"

namespace xesim::check::detail {

/// Records an access of the running work-item to SLM bytes [offset, offset + bytes) and reports
/// a race with an earlier access of another item in the same barrier interval.
void slm_race_record(const rt::item_state& it, std::uint64_t offset, std::uint64_t bytes,
                     bool write, const std::source_location& loc);
/// Forgets the shadow of the group that ran on this thread.
void slm_race_reset() noexcept;

}  // namespace xesim::check::detail
