// Compile-time properties of the ESIMD memory operations: properties{alignment<N>,
// cache_hint_L1<...>, cache_hint_L2<...>}. Alignment is what a call asserts about its address;
// cache hints are accepted, validated as DPC++ validates them, and have no effect on the CPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace xesim::esimd {

// ------------------------------ cache_hint / cache_level
/// L1/L2/L3 cache levels a hint applies to (L3 is reserved, as in DPC++).
enum class cache_level : uint8_t { L1 = 1, L2 = 2, L3 = 3 };

/// Cache hints of LSC messages. Recorded by xesim, never acted on (the CPU has its own caches).
enum class cache_hint : uint8_t {
  none = 0,
  uncached = 1,
  cached = 2,
  write_back = 3,
  write_through = 4,
  streaming = 5,
  read_invalidate = 6,
  const_cached = 7
};

// ------------------------------ property keys and values
/// Key of the alignment property; alignment_key::value_t<K> asserts a K-byte aligned address.
struct alignment_key {
  template <int K>
  struct value_t {
    static_assert(K >= 1, "alignment<K>: K must be a positive number of bytes");
    using key_t = alignment_key;
    static constexpr int value = K;
  };
};

namespace detail {
template <cache_level Level>
struct cache_hint_key {
  template <cache_hint Hint>
  struct value_t {
    using key_t = cache_hint_key;
    static constexpr cache_level level = Level;
    static constexpr cache_hint hint = Hint;
  };
};
}  // namespace detail

using cache_hint_L1_key = detail::cache_hint_key<cache_level::L1>;
using cache_hint_L2_key = detail::cache_hint_key<cache_level::L2>;
using cache_hint_L3_key = detail::cache_hint_key<cache_level::L3>;

/// The address is K-byte aligned: `properties{alignment<2>}`. A variable, as in DPC++, so
/// `alignment<2>{}` does not compile (the guide's trap) and `alignment<2>` is the spelling.
template <int K>
inline constexpr alignment_key::value_t<K> alignment{};
template <cache_hint Hint>
inline constexpr cache_hint_L1_key::value_t<Hint> cache_hint_L1{};
template <cache_hint Hint>
inline constexpr cache_hint_L2_key::value_t<Hint> cache_hint_L2{};
template <cache_hint Hint>
inline constexpr cache_hint_L3_key::value_t<Hint> cache_hint_L3{};

using default_cache_hint_L1 = cache_hint_L1_key::value_t<cache_hint::none>;
using default_cache_hint_L2 = cache_hint_L2_key::value_t<cache_hint::none>;
using default_cache_hint_L3 = cache_hint_L3_key::value_t<cache_hint::none>;

namespace detail {
template <class P, class = void>
struct is_property_value : std::false_type {};
template <class P>
struct is_property_value<P, std::void_t<typename P::key_t>> : std::true_type {};

template <class Key, class... Ps>
constexpr int count_key() {
  return (0 + ... + (std::is_same_v<typename Ps::key_t, Key> ? 1 : 0));
}
template <class... Ps>
constexpr bool keys_unique() {
  return ((count_key<typename Ps::key_t, Ps...>() == 1) && ...);
}
template <class Key, class P, class... Ps>
struct find_key {
  using type = std::conditional_t<std::is_same_v<typename P::key_t, Key>, P,
                                  typename find_key<Key, Ps...>::type>;
};
template <class Key, class P>
struct find_key<Key, P> {
  using type = P;
};
}  // namespace detail

// ------------------------------ properties
/// A compile-time property list; built with CTAD: `properties{alignment<8>, cache_hint_L1<...>}`.
/// Each key at most once (DPC++ rejects duplicates too). Holds no data.
template <class... PropValues>
class properties {
  static_assert((detail::is_property_value<PropValues>::value && ...),
                "properties: every argument must be a property value (alignment<N>, "
                "cache_hint_L1<H>, cache_hint_L2<H>, cache_hint_L3<H>)");
  static_assert(detail::keys_unique<PropValues...>(), "properties: duplicate property");

 public:
  constexpr properties(PropValues...) noexcept {}
  /// Default construction, as DPC++'s (`decltype(props){}`: the values are in the type).
  constexpr properties() noexcept
    requires(sizeof...(PropValues) > 0)
  {}

  template <class Key>
  static constexpr bool has_property() {
    return detail::count_key<Key, PropValues...>() == 1;
  }
  /// The property value of `Key`; only when has_property<Key>().
  template <class Key>
  static constexpr auto get_property() {
    static_assert(has_property<Key>(), "properties::get_property: no such property");
    return typename detail::find_key<Key, PropValues...>::type{};
  }
};
template <class... PropValues>
properties(PropValues...) -> properties<PropValues...>;

/// The property list of a call that passes none.
using empty_properties_t = properties<>;
using empty_props_t = empty_properties_t;

template <class T>
struct is_property_list : std::false_type {};
template <class... Ps>
struct is_property_list<properties<Ps...>> : std::true_type {};
template <class T>
inline constexpr bool is_property_list_v = is_property_list<T>::value;

namespace detail {

// ------------------------------ property queries
/// The alignment a property list asserts, or `dflt` when it has none.
template <class Props>
constexpr std::size_t prop_alignment(std::size_t dflt) {
  if constexpr (Props::template has_property<alignment_key>())
    return static_cast<std::size_t>(decltype(Props::template get_property<alignment_key>())::value);
  else
    return dflt;
}
/// The hint a property list gives for one cache level (cache_hint::none when absent).
template <class Props, cache_level Level>
constexpr cache_hint prop_cache_hint() {
  if constexpr (Props::template has_property<cache_hint_key<Level>>())
    return decltype(Props::template get_property<cache_hint_key<Level>>())::hint;
  else
    return cache_hint::none;
}
template <class Props>
constexpr bool has_cache_hints() {
  return prop_cache_hint<Props, cache_level::L1>() != cache_hint::none ||
         prop_cache_hint<Props, cache_level::L2>() != cache_hint::none;
}

/// Where a cache hint is used: DPC++ allows different L1/L2 pairs for each. `ignored`: SLM
/// operations, where DPC++ ignores cache hints.
enum class cache_action { load, store, prefetch, atomic, ignored };

template <cache_action A>
constexpr bool valid_hint_pair(cache_hint l1, cache_hint l2) {
  using H = cache_hint;
  auto is = [&](H a, H b) { return l1 == a && l2 == b; };
  if constexpr (A == cache_action::load)
    return is(H::none, H::none) || is(H::uncached, H::uncached) || is(H::uncached, H::cached) ||
           is(H::cached, H::uncached) || is(H::cached, H::cached) ||
           is(H::streaming, H::uncached) || is(H::streaming, H::cached) ||
           is(H::read_invalidate, H::cached);
  else if constexpr (A == cache_action::prefetch)
    return is(H::uncached, H::cached) || is(H::cached, H::uncached) || is(H::cached, H::cached) ||
           is(H::streaming, H::uncached) || is(H::streaming, H::cached);
  else if constexpr (A == cache_action::store)
    return is(H::none, H::none) || is(H::uncached, H::uncached) || is(H::uncached, H::write_back) ||
           is(H::write_through, H::uncached) || is(H::write_through, H::write_back) ||
           is(H::streaming, H::uncached) || is(H::streaming, H::write_back) ||
           is(H::write_back, H::write_back);
  else
    return is(H::none, H::none) || is(H::uncached, H::uncached) || is(H::uncached, H::write_back);
}

/// The hint checks of one action (see check_cache_hints).
template <cache_action A, class Props>
constexpr void check_cache_hint_pair() {
  static_assert(!Props::template has_property<cache_hint_L3_key>(),
                "L3 cache hint is reserved. The old/experimental L3 LSC cache hint is "
                "cache_level::L2 now.");
  constexpr cache_hint l1 = prop_cache_hint<Props, cache_level::L1>();
  constexpr cache_hint l2 = prop_cache_hint<Props, cache_level::L2>();
  if constexpr (A == cache_action::load)
    static_assert(valid_hint_pair<A>(l1, l2),
                  "invalid L1/L2 cache hints for a load; valid {L1, L2}: {none, none}, "
                  "{uncached, uncached|cached}, {cached, uncached|cached}, "
                  "{streaming, uncached|cached}, {read_invalidate, cached}");
  else if constexpr (A == cache_action::prefetch)
    static_assert(valid_hint_pair<A>(l1, l2),
                  "prefetch needs L1/L2 cache hints; valid {L1, L2}: {uncached, cached}, "
                  "{cached, uncached|cached}, {streaming, uncached|cached}");
  else if constexpr (A == cache_action::store)
    static_assert(valid_hint_pair<A>(l1, l2),
                  "invalid L1/L2 cache hints for a store; valid {L1, L2}: {none, none}, "
                  "{uncached, uncached|write_back}, {write_through, uncached|write_back}, "
                  "{streaming, uncached|write_back}, {write_back, write_back}");
  else
    static_assert(valid_hint_pair<A>(l1, l2),
                  "invalid L1/L2 cache hints for an atomic; valid {L1, L2}: {none, none}, "
                  "{uncached, uncached|write_back}");
}

/// Rejects at compile time what DPC++ rejects: the reserved L3 hint and L1/L2 pairs outside the
/// table of the action (sycl_ext_intel_esimd_functions.md, "Valid combinations of L1 and L2").
template <cache_action A, class Props>
constexpr void check_cache_hints() {
  if constexpr (A != cache_action::ignored) check_cache_hint_pair<A, Props>();
}

}  // namespace detail

namespace xesim_experimental {
/// DPC++ keeps the old experimental spelling: experimental::esimd::cache_hint.
using ::xesim::esimd::cache_hint;
}  // namespace xesim_experimental

}  // namespace xesim::esimd
