// Built through find_package(xesim) in the install test.
#include <xesim/runtime/device_model.hpp>

#include <cstdio>

int main() {
  std::printf("consumer: %s\n", xesim::dev::current_device().name);
  return 0;
}
