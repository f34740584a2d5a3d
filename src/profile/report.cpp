// The kernel registry and what leaves the process: XESIM_PROFILE=1 (table on stderr at exit),
// XESIM_PROFILE=<file>.json (the JSON of docs/model.md), XESIM_TRACE=<file> (Chrome / Perfetto
// trace of launches: host time and predicted device time), XESIM_TIMING=model (events report
// the predicted device time).
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "internal.hpp"
#include "xesim/profile/hooks.hpp"
#include "xesim/profile/model.hpp"
#include "xesim/runtime/device_model.hpp"

namespace xesim::profile {

namespace {

struct trace_event {
  std::string name;
  std::uint64_t host_start, host_end;
  double device_ns;
};

struct registry {
  std::mutex mutex;
  std::vector<kernel_report> kernels;
  std::map<std::string, std::size_t> index;
  std::vector<trace_event> trace;
};
registry& reg() {
  static auto* r = new registry;  // reports are written at exit
  return *r;
}

std::atomic<bool> g_instrumented{false};
std::string g_profile_out;  // "" (none), "1" (table) or a file name
std::string g_trace_out;

void add_hints(kernel_report& k, const std::vector<hint>& hs) {
  for (const hint& h : hs) {
    bool found = false;
    for (hint& o : k.hints)
      if (o.id == h.id) {
        o.text = h.text;  // the latest numbers
        found = true;
      }
    if (!found) k.hints.push_back(h);
  }
}

std::string esc(const std::string& s) {
  std::string o;
  for (char ch : s) {
    if (ch == '"' || ch == '\\') {
      o += '\\';
      o += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", ch);
      o += b;
    } else {
      o += ch;
    }
  }
  return o;
}
std::string jnum(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

std::string prediction_json(const prediction& p) {
  return "{\"device\": \"" + esc(p.device) + "\", \"time_ns\": " + jnum(p.time_ns) +
         ", \"bound\": \"" + p.bound + "\", \"bandwidth_gbps\": " + jnum(p.bandwidth_gbps) +
         ", \"bandwidth_fraction\": " + jnum(p.bandwidth_fraction) +
         ", \"tflops\": " + jnum(p.tflops) + ", \"bytes\": " + jnum(p.bytes) +
         ", \"flops\": " + jnum(p.flops) + ", \"threads_per_eu\": " + jnum(p.threads_per_eu) +
         ", \"occupancy\": " + jnum(p.occupancy) + ", \"terms_ns\": {\"memory\": " +
         jnum(p.mem_ns) + ", \"messages\": " + jnum(p.messages_ns) + ", \"alu\": " +
         jnum(p.alu_ns) + ", \"xmx\": " + jnum(p.xmx_ns) + ", \"latency\": " +
         jnum(p.latency_ns) + ", \"dispatch\": " + jnum(p.dispatch_ns) + ", \"launch\": " +
         jnum(p.launch_ns) + "}}";
}

const char* kAluNames[kAluKinds] = {"fp32", "fp16", "fp64", "int", "math", "convert"};
const char* kMsgNames[kMsgKinds] = {"block_load", "block_store", "gather",     "scatter",
                                    "scalar",     "atomic",      "prefetch",   "slm_block",
                                    "slm_gather", "slm_atomic",  "block_2d"};

std::string spread_json(const spread& s) {
  return "{\"min\": " + jnum(s.min) + ", \"median\": " + jnum(s.median) + ", \"max\": " +
         jnum(s.max) + "}";
}

std::string counters_json(const launch_counters& c, const dev::device_model& d) {
  const int wi = d.simd_width * 4 >= 64 ? 1 : 0;
  std::string s = "{\"items\": " + jnum(double(c.items)) + ", \"dims\": " + std::to_string(c.dims) +
                  ", \"nd_range\": " + (c.nd_range ? "true" : "false") + ", \"global\": [";
  for (int i = 0; i < c.dims; ++i) s += (i ? ", " : "") + jnum(double(c.global[i]));
  s += "], \"local\": [";
  for (int i = 0; i < c.dims; ++i) s += (i ? ", " : "") + jnum(double(c.local[i]));
  s += "], \"group_size\": " + jnum(double(c.group_size)) + ", \"slm_bytes\": " +
       jnum(double(c.slm_bytes)) + ", \"instructions_counted\": " +
       (c.alu_counted ? "true" : "false") + ", \"instructions\": {";
  for (int k = 0; k < kAluKinds; ++k)
    s += std::string(k ? ", " : "") + "\"" + kAluNames[k] + "\": " + jnum(c.alu_instr[wi][k]);
  s += ", \"dpas\": " + jnum(c.dpas) + "}, \"instruction_width_bytes\": " +
       std::to_string(wi ? 64 : 32) + ", \"messages\": {";
  for (int k = 0; k < kMsgKinds; ++k)
    s += std::string(k ? ", " : "") + "\"" + kMsgNames[k] + "\": {\"count\": " +
         jnum(c.msgs_of(static_cast<msg_kind>(k))) +
         ", \"bytes\": " + jnum(c.bytes_of(static_cast<msg_kind>(k))) + "}";
  s += "}, \"gather_lanes\": " + jnum(c.gather_lanes) + ", \"contiguous_gathers\": " +
       jnum(c.contiguous_gathers) + ", \"elements\": " + jnum(c.elements) +
       ", \"global_bytes\": " + jnum(c.global_bytes()) + ", \"flops\": " + jnum(c.flops()) +
       ", \"load_rounds\": " + jnum(c.load_rounds) + ", \"barriers\": " + jnum(c.barriers) +
       ", \"dpas_flops\": " + jnum(c.dpas_flops) + ", \"peak_live_simd_bytes\": " +
       (c.live_counted ? jnum(c.peak_live_bytes) : std::string("null")) +
       ", \"per_item\": {\"instructions\": " + spread_json(c.instr_per_item) +
       ", \"bytes\": " + spread_json(c.bytes_per_item) + ", \"elements\": " +
       spread_json(c.elements_per_item) + ", \"peak_live_simd_bytes\": " +
       spread_json(c.live_per_item) + "}}";
  return s;
}

std::string fmt_time(double ns) {
  char b[32];
  if (ns >= 1e6)
    std::snprintf(b, sizeof b, "%.2f ms", ns / 1e6);
  else if (ns >= 1e3)
    std::snprintf(b, sizeof b, "%.1f us", ns / 1e3);
  else
    std::snprintf(b, sizeof b, "%.0f ns", ns);
  return b;
}

void write_file(const std::string& path, const std::string& text) {
  if (FILE* f = std::fopen(path.c_str(), "w")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  } else {
    std::fprintf(stderr, "xesim: warning: cannot write %s\n", path.c_str());
  }
}

std::string trace_json() {
  registry& r = reg();
  std::lock_guard lock(r.mutex);
  std::string s = "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n";
  s += "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"args\": {\"name\": \"xesim\"}},\n";
  s += "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": "
       "\"host (emulation)\"}},\n";
  s += "{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": "
       "\"device (predicted, " + esc(dev::current_device().name) + ")\"}}";
  const std::uint64_t t0 = r.trace.empty() ? 0 : r.trace.front().host_start;
  double device_clock = 0;  // predicted launches laid end to end, never before their host start
  for (const trace_event& e : r.trace) {
    const double hs = double(e.host_start - t0) / 1e3, hd = double(e.host_end - e.host_start) / 1e3;
    device_clock = std::max(device_clock, hs);
    s += ",\n{\"name\": \"" + esc(e.name) + "\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": " +
         jnum(hs) + ", \"dur\": " + jnum(hd) + "}";
    s += ",\n{\"name\": \"" + esc(e.name) + "\", \"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": " +
         jnum(device_clock) + ", \"dur\": " + jnum(e.device_ns / 1e3) +
         ", \"args\": {\"predicted_ns\": " + jnum(e.device_ns) + "}}";
    device_clock += e.device_ns / 1e3;
  }
  return s + "\n]}\n";
}

void at_exit() {
  if (g_profile_out.empty() && g_trace_out.empty()) return;
  if (g_profile_out == "1")
    std::fputs(reports_table().c_str(), stderr);
  else if (!g_profile_out.empty())
    write_file(g_profile_out, reports_json());
  if (!g_trace_out.empty()) write_file(g_trace_out, trace_json());
}

const bool g_installed = [] {
  const char* prof = std::getenv("XESIM_PROFILE");
  const char* trace = std::getenv("XESIM_TRACE");
  const char* timing = std::getenv("XESIM_TIMING");
  if (prof && *prof && std::strcmp(prof, "0") != 0) g_profile_out = prof;
  if (trace && *trace) g_trace_out = trace;
  if (timing && std::strcmp(timing, "model") == 0) set_timing_model(true);
  if (!g_profile_out.empty() || !g_trace_out.empty() || timing_model()) {
    set_enabled(true);
    std::atexit(&at_exit);
  }
  return true;
}();

}  // namespace

void mark_instrumented_build() noexcept { g_instrumented.store(true); }
bool instrumented_build() noexcept { return g_instrumented.load(); }

double record_launch(launch_counters c, std::uint64_t start_ns, std::uint64_t end_ns) {
  const dev::device_model& cur = dev::current_device();
  const bool large = dev::large_grf();
  const prediction p = predict(cur, c, large);
  std::vector<hint> hs = hints_for(cur, c, p, large);
  registry& r = reg();
  std::lock_guard lock(r.mutex);
  auto [it, fresh] = r.index.emplace(c.name, r.kernels.size());
  if (fresh) {
    r.kernels.emplace_back();
    r.kernels.back().name = c.name;
  }
  kernel_report& k = r.kernels[it->second];
  const auto devices = dev::all_devices();
  if (k.by_device.empty()) k.by_device.resize(devices.size());
  for (std::size_t i = 0; i < devices.size(); ++i)
    k.by_device[i].add(&devices[i] == &cur ? p : predict(devices[i], c, large), devices[i]);
  k.predicted.add(p, cur);
  if (k.launches == 0) {
    k.counters = c;
  } else {
    k.counters.add(c);
  }
  ++k.launches;
  k.host_ns += double(end_ns - start_ns);
  add_hints(k, hs);
  r.trace.push_back({c.name, start_ns, end_ns, p.time_ns});
  return p.time_ns;
}

std::vector<kernel_report> kernel_reports() {
  registry& r = reg();
  std::lock_guard lock(r.mutex);
  return r.kernels;
}

void reset_reports() {
  registry& r = reg();
  std::lock_guard lock(r.mutex);
  r.kernels.clear();
  r.index.clear();
  r.trace.clear();
}

std::string reports_json() {
  const dev::device_model& cur = dev::current_device();
  const auto devices = dev::all_devices();
  std::string s = "{\n  \"schema\": \"xesim-profile-1\",\n  \"device\": \"" + esc(cur.id) +
                  "\",\n  \"large_grf\": " + (dev::large_grf() ? "true" : "false") +
                  ",\n  \"devices\": [";
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const dev::device_model& d = devices[i];
    s += std::string(i ? ", " : "") + "{\"id\": \"" + d.id + "\", \"name\": \"" + esc(d.name) +
         "\", \"bandwidth_gbps\": " + jnum(d.mem_bandwidth_gbs) + ", \"peak_fp32_tflops\": " +
         jnum(d.peak_fp32_tflops) + ", \"peak_fp16_tflops\": " + jnum(d.peak_fp16_tflops) +
         ", \"peak_xmx_fp16_tflops\": " + jnum(d.peak_xmx_fp16_tflops) + "}";
  }
  s += "],\n  \"kernels\": [";
  const std::vector<kernel_report> ks = kernel_reports();
  for (std::size_t i = 0; i < ks.size(); ++i) {
    const kernel_report& k = ks[i];
    s += std::string(i ? ",\n" : "\n") + "    {\"name\": \"" + esc(k.name) +
         "\", \"launches\": " + std::to_string(k.launches) + ", \"host_ns\": " + jnum(k.host_ns) +
         ",\n     \"predicted\": " + prediction_json(k.predicted) + ",\n     \"by_device\": {";
    for (std::size_t j = 0; j < k.by_device.size(); ++j)
      s += std::string(j ? ", " : "") + "\"" + devices[j].id + "\": " +
           prediction_json(k.by_device[j]);
    s += "},\n     \"counters\": " + counters_json(k.counters, cur) + ",\n     \"hints\": [";
    for (std::size_t j = 0; j < k.hints.size(); ++j)
      s += std::string(j ? ", " : "") + "{\"id\": \"" + k.hints[j].id + "\", \"text\": \"" +
           esc(k.hints[j].text) + "\"}";
    s += "]}";
  }
  return s + "\n  ]\n}\n";
}

std::string reports_table() {
  const dev::device_model& cur = dev::current_device();
  const std::vector<kernel_report> ks = kernel_reports();
  std::string s = "xesim profile: predicted on " + std::string(cur.name) + " (" + cur.id +
                  (dev::large_grf() ? ", large GRF" : "") + "; model: docs/model.md)\n";
  char line[512];
  std::snprintf(line, sizeof line, "  %-40s %8s %11s %-9s %9s %6s %8s %10s\n", "kernel",
                "launches", "time", "bound", "GB/s", "of BW", "TFLOPS", "host");
  s += line;
  for (const kernel_report& k : ks) {
    std::string name = k.name.size() > 40 ? k.name.substr(0, 37) + "..." : k.name;
    std::snprintf(line, sizeof line, "  %-40s %8llu %11s %-9s %9.1f %5.1f%% %8.3f %10s\n",
                  name.c_str(), static_cast<unsigned long long>(k.launches),
                  fmt_time(k.predicted.time_ns).c_str(), k.predicted.bound.c_str(),
                  k.predicted.bandwidth_gbps, k.predicted.bandwidth_fraction * 100,
                  k.predicted.tflops, fmt_time(k.host_ns).c_str());
    s += line;
    const launch_counters& c = k.counters;
    std::snprintf(line, sizeof line,
                  "      %llu work-items; per item (min/median/max): %.0f/%.0f/%.0f bytes, "
                  "%.0f/%.0f/%.0f instructions%s, peak live simd %s\n",
                  static_cast<unsigned long long>(c.items), c.bytes_per_item.min,
                  c.bytes_per_item.median, c.bytes_per_item.max, c.instr_per_item.min,
                  c.instr_per_item.median, c.instr_per_item.max,
                  c.alu_counted ? "" : " (not counted: build with xesim c++ --profile)",
                  c.live_counted ? (std::to_string(static_cast<long long>(c.peak_live_bytes)) +
                                    " B").c_str()
                                 : "n/a");
    s += line;
    for (const hint& h : k.hints) s += "      hint [" + h.id + "] " + h.text + "\n";
  }
  return s;
}

}  // namespace xesim::profile
