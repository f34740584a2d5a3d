// Built by P/bin/xesim c++ in the install test: prints the model XESIM_DEVICE selects.
#include <xesim/runtime/device_model.hpp>

#include <cstdio>

int main() {
  const auto& d = xesim::dev::current_device();
  std::printf("device: %s (%d EUs)\n", d.name, d.eus);
  return d.eus > 0 ? 0 : 1;
}
