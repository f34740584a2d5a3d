// The host API umbrella: everything a DPC++ program's <sycl/sycl.hpp> provides that xesim
// implements (queue, handler, ranges and ids, events, devices, USM, exceptions).
#pragma once

#include "xesim/sycl/device.hpp"
#include "xesim/sycl/event.hpp"
#include "xesim/sycl/exception.hpp"
#include "xesim/sycl/handler.hpp"
#include "xesim/sycl/info.hpp"
#include "xesim/sycl/item.hpp"
#include "xesim/sycl/property.hpp"
#include "xesim/sycl/queue.hpp"
#include "xesim/sycl/range.hpp"
#include "xesim/sycl/usm.hpp"
