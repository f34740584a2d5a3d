// Which context switch this libxesim was built with (CMake option XESIM_FIBER_SWITCH).
#pragma once

namespace xesim::rt {

// ------------------------------ fiber_switch
/// "asm" (xesim's own x86-64 System V switch) or "boost" (Boost.Context's fcontext): the switch
/// compiled into the library, reported by the code that implements it. The same name is the
/// XESIM_FIBER_SWITCH compile definition libxesim's CMake target gives its users.
const char* fiber_switch() noexcept;

}  // namespace xesim::rt
