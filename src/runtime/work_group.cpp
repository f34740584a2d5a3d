// The work-group scheduler (work_group.hpp).
#include "work_group.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "fiber_stack.hpp"
#include "xesim/runtime/device_model.hpp"
#include "xesim/runtime/hooks.hpp"
#include "xesim/sycl/exception.hpp"

namespace xesim::rt {
namespace {

// DPC++ leaves SLM uninitialised; xesim fills it with 0xCD at slm_init so reads of never-written
// SLM give a recognisable value (0xCDCDCDCD as an int, -4.3e8 as a float) instead of old data.
constexpr unsigned char kSlmFill = 0xCD;
constexpr std::size_t kSlmAlign = 4096;
constexpr std::size_t kMaxIdsInMessage = 16;

// Thrown from barrier() to unwind the items of an abandoned group. Not a std::exception, so a
// kernel's catch (const std::exception&) does not swallow it.
struct group_abort {};

std::string id_list(const std::vector<std::size_t>& ids) {
  std::string s = "{";
  for (std::size_t i = 0; i < ids.size() && i < kMaxIdsInMessage; ++i)
    s += (i ? ", " : "") + std::to_string(ids[i]);
  if (ids.size() > kMaxIdsInMessage) s += ", ... (" + std::to_string(ids.size()) + " in all)";
  return s + "}";
}

// XESIM_SCHEDULE=sequential (default: round-robin from the switching item) or random:<seed>
// (a random runnable item at every switch; seeded per group, so a run is reproducible).
std::uint64_t schedule_seed() noexcept {
  static const std::uint64_t seed = [] {
    const char* env = std::getenv("XESIM_SCHEDULE");
    if (!env || std::strncmp(env, "random", 6) != 0) return std::uint64_t(0);
    std::uint64_t v = 0x9e3779b97f4a7c15ull;
    if (env[6] == ':') v ^= std::strtoull(env + 7, nullptr, 10) + 1;
    return v;
  }();
  return seed;
}

}  // namespace

work_group::work_group() = default;

work_group::~work_group() { std::free(slm_); }

std::exception_ptr work_group::run(const launch_info& launch, kernel_ref kernel,
                                   std::size_t group_linear) {
  launch_ = &launch;
  kernel_ = kernel;
  const std::size_t* L = launch.local;
  const std::size_t groups[3] = {launch.global[0] / L[0], launch.global[1] / L[1],
                                 launch.global[2] / L[2]};
  const std::size_t gid[3] = {group_linear / (groups[1] * groups[2]),
                              (group_linear / groups[2]) % groups[1], group_linear % groups[2]};
  n_ = L[0] * L[1] * L[2];
  if (items_.size() < n_) {
    items_.resize(n_);
    slots_.resize(n_);  // the sleeping fibers' saved stack pointers move along
  }
  for (std::size_t i = 0; i < n_; ++i) {
    item_state& it = items_[i];
    it.launch = &launch;
    it.local_id[0] = i / (L[1] * L[2]);
    it.local_id[1] = (i / L[2]) % L[1];
    it.local_id[2] = i % L[2];
    for (int d = 0; d < 3; ++d) {
      it.group_id[d] = gid[d];
      it.global_id[d] = gid[d] * L[d] + it.local_id[d];
    }
    it.local_linear_id = i;
    it.group_linear_id = group_linear;
    it.slm = nullptr;
    it.slm_size = 0;
    it.slm_granted = 0;
    it.group = this;
    it.barriers_passed = 0;
    it.barrier_loc = {};
    it.slm_init_loc = {};
    it.slm_inits = 0;
    it.atomic_polls = 0;
    it.cas_fails = 0;
    slots_[i].state = phase::not_started;
    slots_[i].nbar = -1;
  }
  done_ = arrived_ = slm_size_ = named_waiting_ = 0;
  named_count_ = 0;
  named_init_ = named_alloc_ = 0;
  split_used_ = false;
  seed_ = schedule_seed();
  rng_ = seed_ ^ (group_linear * 0xbf58476d1ce4e5b9ull);
  host_ = kNone;
  abort_ = false;
  error_ = nullptr;

  for (std::size_t i = 0; i < n_ && !abort_; ++i) {
    current_ = i;
    slots_[i].state = phase::ready;
    detail::tls_current_item = &items_[i];
    try {
      kernel.invoke(kernel.object, items_[i]);
    } catch (const group_abort&) {
    } catch (...) {
      record_error(std::current_exception());
    }
    slots_[i].state = phase::done;
    ++done_;
    if (host_ == kNone) continue;  // no barrier yet: next item, straight on this stack
    // Item i reached a barrier, so the items after it run on fibers; now that i returned, this
    // stack waits until they all return (the last one switches back here) or the group is
    // abandoned.
    if (!abort_ && divergent()) report_divergence();
    while (!abort_ && done_ < n_) switch_to(pick_next(i));
    break;
  }
  detail::tls_current_item = nullptr;
  if (!abort_ && hooks().group_end) hooks().group_end(items_.data(), n_);
  if (abort_) unwind_stopped_items();
  launch_ = nullptr;
  return std::exchange(error_, nullptr);
}

// ------------------------------ barrier
// Arriving: one switch to the next runnable item (round-robin: the next slot); the last to arrive
// releases the group and runs on without switching. A group's first barrier costs one more switch
// per item, when it returns; fibers sleep between groups, so none is created. Measured, 4-64
// items per group, checks basic or off, 1 thread, asm switch: 10-11.5 ns per item per barrier
// steady, 43-58 ns for the first; boost switch (XESIM_FIBER_SWITCH=boost): 23-29 ns steady,
// 56-65 ns first: `XESIM_THREADS=1 build/bin/barrier_bench --filter barrier` (bench/RESULTS.md,
// "Barrier").
void work_group::barrier(item_state& me) {
  const std::size_t idx = me.local_linear_id;
  if (abort_) [[unlikely]] {  // an abandoned item called barrier() again (a destructor, a catch)
    if (std::uncaught_exceptions() > 0) return;
    throw group_abort{};
  }
  if (++arrived_ == n_) {  // the last to arrive releases everyone and keeps running
    for (std::size_t j = 0; j < n_; ++j)
      if (slots_[j].state == phase::waiting && slots_[j].nbar < 0) slots_[j].state = phase::ready;
    arrived_ = 0;
    ++me.barriers_passed;
    return;
  }
  slots_[idx].state = phase::waiting;
  slots_[idx].nbar = -1;
  block(me);
  ++me.barriers_passed;
}

// ------------------------------ yield
// Like a barrier that releases at once: one switch to the next runnable item, if any. The first
// yield of a group makes this stack the host of the group's fibers, as a first barrier does.
void work_group::yield(item_state& me) {
  if (abort_) [[unlikely]] {
    if (std::uncaught_exceptions() > 0) return;
    throw group_abort{};
  }
  const std::size_t idx = me.local_linear_id;
  bool other = false;
  for (std::size_t j = 0; j < n_ && !other; ++j) other = j != idx && runnable(j);
  if (!other) return;
  if (host_ == kNone) host_ = idx;
  switch_to(pick_next(idx));
  if (abort_) [[unlikely]]
    throw group_abort{};
  detail::tls_current_item = &me;
}

// Item `me` (its slot already marked waiting) gives the thread to another item until it is
// released; throws group_abort when the group is abandoned meanwhile. With no runnable item left
// the group can never go on: the divergence report abandons it or (checks) releases the waiters.
void work_group::block(item_state& me) {
  const std::size_t idx = me.local_linear_id;
  if (host_ == kNone) [[unlikely]]
    host_ = idx;  // first block of the group: this stack (the worker's) hosts the fibers
  std::size_t next;
  if ((done_ != 0 || named_waiting_ != 0) && divergent()) [[unlikely]] {
    report_divergence();
    if (abort_ && idx == host_) throw group_abort{};
    if (!abort_ && slots_[idx].state == phase::ready) return;  // released by the report
    next = abort_ ? host_ : pick_next(idx);
  } else {
    next = pick_next(idx);
  }
  switch_to(next);
  // Resumed: released, or the group was abandoned (unwind this item).
  if (abort_) [[unlikely]]
    throw group_abort{};
  detail::tls_current_item = &me;
}

// ------------------------------ named barriers
// No switch at a signal; a wait blocks like barrier() (same fibers, same divergence rule).
void work_group::named_barrier_error(const item_state& me, const std::string& what) const {
  throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                        what + " in kernel '" + launch_->kernel_name + "', work-item " +
                            std::to_string(me.local_linear_id) + " of work-group " +
                            std::to_string(me.group_linear_id));
}

void work_group::barrier_slots_reset() {
  for (named_barrier& b : named_) b = {};
  named_target_.assign(n_ * kBarrierSlots, 0);
}

void work_group::named_barrier_init(item_state& me, unsigned count) {
  if (count > kMaxNamedBarriers)
    named_barrier_error(me, "named_barrier_init<" + std::to_string(count) +
                                ">: at most 32 named barriers per work-group");
  if (named_init_ != 0 && named_init_ != count)
    named_barrier_error(me, "named_barrier_init<" + std::to_string(count) +
                                ">: the group's other work-items asked for " +
                                std::to_string(named_init_));
  named_init_ = count;
  raise_named_count(named_init_ + named_alloc_);
}

// named_barrier_allocate<N>: N barriers beyond those named_barrier_init made (Intel's
// allocate_barrier test: init<1> keeps id 0 for the work-group barrier, allocate<T-1> adds ids
// 1..T-1); every work-item calls it, so the group takes the largest N asked for.
void work_group::named_barrier_allocate(item_state& me, unsigned count) {
  if (named_init_ + count > kMaxNamedBarriers)
    named_barrier_error(me, "named_barrier_allocate<" + std::to_string(count) +
                                ">: at most 32 named barriers per work-group (with " +
                                std::to_string(named_init_) + " from named_barrier_init)");
  if (count > named_alloc_) named_alloc_ = count;
  raise_named_count(named_init_ + named_alloc_);
}

void work_group::raise_named_count(unsigned count) {
  if (count <= named_count_) return;
  const bool first = named_count_ == 0;
  named_count_ = count;
  if (!first) return;  // the slots above the old count were never used
  if (!split_used_) {
    barrier_slots_reset();
    return;
  }
  for (unsigned id = 0; id < kMaxNamedBarriers; ++id) named_[id] = {};  // keep the split slot
}

void work_group::named_barrier_signal(item_state& me, unsigned id, unsigned mode,
                                      unsigned producers, unsigned consumers) {
  if (abort_) [[unlikely]]
    return;
  if (id >= named_count_)
    named_barrier_error(me, "named_barrier_signal(" + std::to_string(id) +
                                "): not a barrier named_barrier_init<" +
                                std::to_string(named_count_) + "> made");
  if (mode > 2)
    named_barrier_error(me, "named_barrier_signal: producer_consumer_mode " + std::to_string(mode) +
                                " (0: both, 1: producer, 2: consumer)");
  slot_signal(me, id, mode, producers, consumers);
}

void work_group::named_barrier_wait(item_state& me, unsigned id) {
  if (abort_) [[unlikely]] {
    if (std::uncaught_exceptions() > 0) return;
    throw group_abort{};
  }
  if (id >= named_count_)
    named_barrier_error(me, "named_barrier_wait(" + std::to_string(id) +
                                "): not a barrier named_barrier_init<" +
                                std::to_string(named_count_) + "> made");
  slot_wait(me, id);
}

void work_group::split_barrier_signal(item_state& me) {
  if (abort_) [[unlikely]]
    return;
  if (!split_used_) {
    split_used_ = true;
    if (named_count_ == 0) barrier_slots_reset();
  }
  const unsigned n = static_cast<unsigned>(n_);
  slot_signal(me, kSplitBarrier, 0, n, n);
}

void work_group::split_barrier_wait(item_state& me) {
  if (abort_) [[unlikely]] {
    if (std::uncaught_exceptions() > 0) return;
    throw group_abort{};
  }
  if (!split_used_) {
    split_used_ = true;
    if (named_count_ == 0) barrier_slots_reset();
  }
  slot_wait(me, kSplitBarrier);
}

void work_group::slot_signal(item_state& me, unsigned id, unsigned mode, unsigned producers,
                             unsigned consumers) {
  named_barrier& b = named_[id];
  b.producers = producers;
  b.consumers = consumers;
  if (mode != 2) ++b.produced;
  if (mode != 1) named_target_[me.local_linear_id * kBarrierSlots + id] = b.phase + 1;
  if (mode != 1) ++b.consumed;
  if (b.produced < b.producers || b.consumed < b.consumers) return;
  // Phase complete: release its waiters; signals beyond the counts belong to the next phase.
  ++b.phase;
  b.produced -= b.producers;
  b.consumed -= b.consumers;
  for (std::size_t j = 0; j < n_; ++j)
    if (slots_[j].state == phase::waiting && slots_[j].nbar == static_cast<int>(id) &&
        named_target_[j * kBarrierSlots + id] <= b.phase) {
      slots_[j].state = phase::ready;
      slots_[j].nbar = -1;
      --named_waiting_;
    }
}

void work_group::slot_wait(item_state& me, unsigned id) {
  const std::size_t idx = me.local_linear_id;
  std::uint32_t& target = named_target_[idx * kBarrierSlots + id];
  if (target == 0) target = named_[id].phase + 1;  // no signal: the next phase
  if (named_[id].phase < target) {
    slots_[idx].state = phase::waiting;
    slots_[idx].nbar = static_cast<std::int8_t>(id);
    ++named_waiting_;
    block(me);
  }
  target = 0;
}

void work_group::slm_init(std::size_t bytes) {
  if (!slm_) {
    slm_capacity_ = (dev::current_device().slm_per_group + kSlmAlign - 1) / kSlmAlign * kSlmAlign;
    if (slm_capacity_ == 0) slm_capacity_ = kSlmAlign;
    slm_ = static_cast<std::byte*>(std::aligned_alloc(kSlmAlign, slm_capacity_));
    if (!slm_)
      throw sycl::exception(sycl::make_error_code(sycl::errc::memory_allocation),
                            "slm_init: cannot allocate the work-group's SLM on the host");
  }
  if (bytes <= slm_size_) return;
  // The fill covers the step the GPU would allocate too (accesses there are warnings, performed).
  const std::size_t granted = std::min(dev::slm_granted(dev::current_device(), bytes), slm_capacity_);
  const std::size_t filled = std::min(dev::slm_granted(dev::current_device(), slm_size_), slm_capacity_);
  if (granted > filled) std::memset(slm_ + filled, kSlmFill, granted - filled);
  slm_size_ = bytes;
  for (std::size_t i = 0; i < n_; ++i) {
    items_[i].slm = slm_;
    items_[i].slm_size = bytes;
    items_[i].slm_granted = granted;
  }
}

std::size_t work_group::pick_next(std::size_t from) noexcept {
  if (seed_ != 0) [[unlikely]]
    return pick_random(from);
  for (std::size_t j = from + 1; j < n_; ++j)
    if (runnable(j)) return j;
  for (std::size_t j = 0; j < from; ++j)
    if (runnable(j)) return j;
  return host_;  // unreachable: with no runnable item the group is complete or divergent
}

std::size_t work_group::pick_random(std::size_t from) noexcept {
  std::size_t count = 0;
  for (std::size_t j = 0; j < n_; ++j) count += j != from && runnable(j);
  if (count > 0) {
    rng_ = rng_ * 6364136223846793005ull + (seed_ | 1);  // LCG step
    std::size_t pick = static_cast<std::size_t>((rng_ >> 33) % count);
    for (std::size_t j = 0; j < n_; ++j)
      if (j != from && runnable(j) && pick-- == 0) return j;
  }
  return host_;
}

void work_group::switch_to(std::size_t to) {
  slot& s = slots_[to];
  if (s.state == phase::not_started) {
    s.state = phase::ready;
    if (!s.sp) [[unlikely]] {  // slot `to` has no fiber on this worker yet: make it, once
      const std::size_t colour = stack_colour(to);
      s.sp = make_context(stacks_.allocate(colour), kFiberStackBytes - colour,
                          &work_group::fiber_entry, this);
    }
  }
  void** save = &saved_sp(current_);
  current_ = to;
  switch_context(save, saved_sp(to));
}

void work_group::fiber_entry(void* self) {
  auto* wg = static_cast<work_group*>(self);
  wg->fiber_main(wg->current_);  // the slot that was switched to
}

// The body of slot idx's fiber: item idx of the current group, then sleep in switch_to until a
// later group starts its item idx here. Never returns: the fiber lives as long as the work_group.
[[noreturn]] void work_group::fiber_main(std::size_t idx) {
  for (;;) {
    run_item(idx);
    switch_to(next_after_exit(idx));
  }
}

void work_group::run_item(std::size_t idx) {
  detail::tls_current_item = &items_[idx];
  try {
    kernel_.invoke(kernel_.object, items_[idx]);
  } catch (const group_abort&) {
  } catch (...) {
    record_error(std::current_exception());
  }
  slots_[idx].state = phase::done;
  ++done_;
}

std::size_t work_group::next_after_exit(std::size_t idx) {
  if (abort_ || done_ == n_) return host_;  // the host stack finishes the group
  if (divergent()) report_divergence();
  return abort_ ? host_ : pick_next(idx);  // the report may have released the waiters
}

void work_group::unwind_stopped_items() {
  // On the host stack, its item returned. Each item stopped at a barrier throws group_abort from
  // it (its destructors run), returns from the kernel and switches back here.
  for (std::size_t j = 0; j < n_; ++j)
    if (j != host_ && (slots_[j].state == phase::ready || slots_[j].state == phase::waiting))
      switch_to(j);
}

void work_group::report_divergence() {
  exited_ids_.clear();
  waiting_ids_.clear();
  barrier_counts_.resize(n_);
  waiting_nbar_.assign(n_, -1);
  for (std::size_t j = 0; j < n_; ++j) {
    if (slots_[j].state == phase::done) exited_ids_.push_back(j);
    if (slots_[j].state == phase::waiting) waiting_ids_.push_back(j);
    if (slots_[j].state == phase::waiting) waiting_nbar_[j] = slots_[j].nbar;
    barrier_counts_[j] = items_[j].barriers_passed;
  }
  const item_state& any = items_[0];
  barrier_divergence_info info{launch_,
                               {any.group_id[0], any.group_id[1], any.group_id[2]},
                               any.group_linear_id,
                               exited_ids_.data(),
                               exited_ids_.size(),
                               waiting_ids_.data(),
                               waiting_ids_.size(),
                               barrier_counts_.data(),
                               n_,
                               items_.data(),
                               waiting_nbar_.data()};
  if (hooks().barrier_divergence && hooks().barrier_divergence(info)) {
    if (!hooks().divergence_releases) {
      abort_ = true;
      return;
    }
    // Released: the waiters go on past their barrier as if the group had arrived.
    for (std::size_t j = 0; j < n_; ++j)
      if (slots_[j].state == phase::waiting) {
        slots_[j].state = phase::ready;
        slots_[j].nbar = -1;
      }
    arrived_ = named_waiting_ = 0;
    return;
  }
  abort_ = true;

  std::string group = "(";
  for (int d = 0; d < launch_->dims; ++d)
    group += (d ? ", " : "") + std::to_string(any.group_id[d]);
  group += ")";
  const int nbar = waiting_nbar_[waiting_ids_.front()];
  std::string msg = "barrier divergence in kernel '" + std::string(launch_->kernel_name) +
                    "', work-group " + group + " (linear " + std::to_string(any.group_linear_id) +
                    ", " + std::to_string(n_) + " work-items): ";
  if (nbar >= 0)
    msg += "work-items " + id_list(waiting_ids_) + " wait (work-item " +
           std::to_string(waiting_ids_.front()) + " at " +
           (nbar == static_cast<int>(kSplitBarrier)
                ? std::string("split_barrier<wait>()")
                : "named_barrier_wait(" + std::to_string(nbar) + ")") +
           ") and no other work-item can signal" +
           (exited_ids_.empty()
                ? std::string()
                : ": work-items " + id_list(exited_ids_) + " returned from the kernel") +
           ". Each phase of a named barrier needs num_producers producer and num_consumers "
           "consumer signals.";
  else
    msg += "work-items " + id_list(exited_ids_) + " returned from the kernel while work-items " +
           id_list(waiting_ids_) + " wait at barrier #" +
           std::to_string(items_[waiting_ids_.front()].barriers_passed + 1) +
           " (the exited ones passed " +
           std::to_string(exited_ids_.empty() ? 0 : barrier_counts_[exited_ids_.front()]) +
           " barriers). Every work-item of a group must call barrier() the same number of "
           "times: no barrier inside a condition, no early return before one.";
  record_error(
      std::make_exception_ptr(sycl::exception(sycl::make_error_code(sycl::errc::kernel), msg)));
}

void work_group::record_error(std::exception_ptr e) noexcept {
  abort_ = true;
  if (!error_) error_ = std::move(e);
}

work_group& thread_work_group() {
  thread_local work_group wg;
  return wg;
}

}  // namespace xesim::rt
