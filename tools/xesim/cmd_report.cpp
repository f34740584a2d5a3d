// `xesim report out.json [--device <id>] [--svg file] [--png file]`: the per-kernel table of a
// profile (XESIM_PROFILE=out.json) for one device, and a roofline with each kernel placed on it
// (SVG; PNG too when rsvg-convert or ImageMagick's convert is on the PATH). docs/model.md.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "process.hpp"

namespace xesim::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct point {
  std::string name;
  double intensity, gflops;
};

std::string esc_xml(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else if (c == '"') o += "&quot;";
    else o += c;
  }
  return o;
}

// ------------------------------ roofline
/// Log-log roofline: x = flops per byte (1/16 .. 1024), y = GFLOP/s (from 1 to above the XMX
/// peak). Roofs: bandwidth x intensity, the FP32, FP16 and XMX peaks.
std::string roofline_svg(const json& dev, const std::vector<point>& pts,
                         const std::vector<std::string>& unplaced) {
  const double W = 860, H = 560, L = 80, R = 200, T = 40, B = 60;
  const double x0 = std::log10(1.0 / 16), x1 = std::log10(1024.0);
  const double bw = dev.value("bandwidth_gbps", 1.0);
  const double peaks[3] = {dev.value("peak_fp32_tflops", 0.0) * 1e3,
                           dev.value("peak_fp16_tflops", 0.0) * 1e3,
                           dev.value("peak_xmx_fp16_tflops", 0.0) * 1e3};
  double top = std::max({peaks[0], peaks[1], peaks[2], 10.0});
  for (const point& p : pts) top = std::max(top, p.gflops);
  const double y0 = 0, y1 = std::ceil(std::log10(top * 2));
  auto X = [&](double ai) { return L + (std::log10(ai) - x0) / (x1 - x0) * (W - L - R); };
  auto Y = [&](double g) {
    return T + (1 - (std::log10(std::max(g, 1.0)) - y0) / (y1 - y0)) * (H - T - B);
  };
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(int(W)) +
                  "\" height=\"" + std::to_string(int(H)) +
                  "\" font-family=\"sans-serif\" font-size=\"12\">\n"
                  "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += "<text x=\"" + std::to_string(int(L)) + "\" y=\"24\" font-size=\"15\">Roofline: " +
       esc_xml(dev.value("name", std::string("?"))) + " (predicted by xesim)</text>\n";
  char b[512];
  // Grid and axes.
  for (int e = -1; e <= 3; ++e) {
    const double ai = std::pow(10.0, e);
    std::snprintf(b, sizeof b,
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
                  X(ai), T, X(ai), H - B, X(ai), H - B + 16, ai);
    s += b;
  }
  for (int e = int(y0); e <= int(y1); ++e) {
    const double g = std::pow(10.0, e);
    std::snprintf(b, sizeof b,
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
                  L, Y(g), W - R, Y(g), L - 6, Y(g) + 4, g);
    s += b;
  }
  std::snprintf(b, sizeof b,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                "stroke=\"black\"/>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
                "arithmetic intensity (flop / byte of global memory)</text>\n<text x=\"18\" "
                "y=\"%.1f\" transform=\"rotate(-90 18 %.1f)\" text-anchor=\"middle\">GFLOP/s"
                "</text>\n",
                L, T, W - L - R, H - T - B, (L + W - R) / 2, H - 18, (T + H - B) / 2,
                (T + H - B) / 2);
  s += b;
  // Roofs.
  const char* names[3] = {"FP32 peak", "FP16 peak", "XMX FP16 peak"};
  const char* colors[3] = {"#1f77b4", "#2ca02c", "#9467bd"};
  for (int i = 0; i < 3; ++i) {
    if (peaks[i] <= 0) continue;
    const double knee = peaks[i] / bw;
    const double a_lo = std::pow(10.0, x0), a_hi = std::pow(10.0, x1);
    const double ka = std::clamp(knee, a_lo, a_hi);
    std::snprintf(b, sizeof b,
                  "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%.1f,%.1f "
                  "%.1f,%.1f %.1f,%.1f\"/><text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s %.1f "
                  "TFLOP/s</text>\n",
                  colors[i], X(a_lo), Y(bw * a_lo), X(ka), Y(std::min(bw * ka, peaks[i])),
                  X(a_hi), Y(peaks[i]), W - R + 6, Y(peaks[i]) + 4, colors[i], names[i],
                  peaks[i] / 1e3);
    s += b;
  }
  std::snprintf(b, sizeof b,
                "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\" transform=\"rotate(-32 %.1f %.1f)\">"
                "%.0f GB/s</text>\n",
                X(0.1), Y(bw * 0.1) - 8, X(0.1), Y(bw * 0.1) - 8, bw);
  s += b;
  // Kernels.
  int i = 0;
  for (const point& p : pts) {
    const double px = X(std::clamp(p.intensity, std::pow(10.0, x0), std::pow(10.0, x1)));
    std::snprintf(b, sizeof b,
                  "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#d62728\"/><text x=\"%.1f\" "
                  "y=\"%.1f\" fill=\"#d62728\">%d</text>\n<text x=\"%.1f\" y=\"%.1f\" "
                  "fill=\"#d62728\">%d: %s</text>\n",
                  px, Y(p.gflops), px + 7, Y(p.gflops) - 6, i + 1, W - R + 6,
                  H - B - 14.0 * (pts.size() - i), i + 1, esc_xml(p.name.substr(0, 28)).c_str());
    s += b;
    ++i;
  }
  for (std::size_t k = 0; k < unplaced.size(); ++k) {
    std::snprintf(b, sizeof b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#777\">not placed (no flops "
                               "counted): %s</text>\n",
                  L, H - 4 - 14.0 * double(unplaced.size() - 1 - k),
                  esc_xml(unplaced[k].substr(0, 60)).c_str());
    s += b;
  }
  return s + "</svg>\n";
}

bool on_path(const char* tool) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string p = path;
  std::size_t start = 0;
  while (start <= p.size()) {
    const std::size_t end = p.find(':', start);
    const std::string dir = p.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::error_code ec;
    if (!dir.empty() && fs::exists(fs::path(dir) / tool, ec)) return true;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return false;
}

std::string fmt_time(double ns) {
  char b[32];
  if (ns >= 1e6) std::snprintf(b, sizeof b, "%.2f ms", ns / 1e6);
  else if (ns >= 1e3) std::snprintf(b, sizeof b, "%.1f us", ns / 1e3);
  else std::snprintf(b, sizeof b, "%.0f ns", ns);
  return b;
}

int usage(const std::string& m) {
  std::fprintf(stderr, "xesim report: error: %s\n", m.c_str());
  return kUsageError;
}

}  // namespace

int cmd_report(const std::vector<std::string>& args) {
  std::string in, device, svg, png;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* name) -> const std::string* {
      if (a == name && i + 1 < args.size()) return &args[++i];
      return nullptr;
    };
    if (a == "--help" || a == "-h") {
      std::fputs("Usage: xesim report out.json [--device <id>] [--svg file] [--png file]\n"
                 "Prints the per-kernel table of a profile (XESIM_PROFILE=out.json) predicted on\n"
                 "the device (default: the one profiled) and draws a roofline with each kernel:\n"
                 "out.svg next to the JSON unless --svg, and a PNG when rsvg-convert or convert\n"
                 "is on the PATH (out.png unless --png).\n",
                 stdout);
      return 0;
    }
    if (const std::string* v = value("--device")) device = *v;
    else if (const std::string* v = value("--svg")) svg = *v;
    else if (const std::string* v = value("--png")) png = *v;
    else if (!a.empty() && a[0] == '-') return usage("unknown option '" + a + "'");
    else if (in.empty()) in = a;
    else return usage("one profile at a time");
  }
  if (in.empty()) return usage("no profile given (xesim report out.json)");
  std::ifstream f(in);
  if (!f) return usage("cannot read '" + in + "'");
  json doc;
  try {
    doc = json::parse(f);
  } catch (const json::exception& e) {
    return usage("'" + in + "' is not a profile: " + e.what());
  }
  if (doc.value("schema", std::string()) != "xesim-profile-1")
    return usage("'" + in + "' is not an xesim profile (schema xesim-profile-1)");
  if (device.empty()) device = doc.value("device", std::string());
  json dev;
  for (const json& d : doc["devices"])
    if (d.value("id", std::string()) == device) dev = d;
  if (dev.is_null()) return usage("the profile has no device '" + device + "'");

  std::printf("xesim report: %s on %s\n", in.c_str(), dev.value("name", device).c_str());
  std::printf("  %-40s %8s %11s %-9s %9s %6s %8s\n", "kernel", "launches", "time", "bound",
              "GB/s", "of BW", "TFLOPS");
  std::vector<point> pts;
  std::vector<std::string> unplaced;
  for (const json& k : doc["kernels"]) {
    const std::string name = k.value("name", std::string("?"));
    const json& p = k["by_device"][device];
    std::printf("  %-40s %8llu %11s %-9s %9.1f %5.1f%% %8.3f\n", name.substr(0, 40).c_str(),
                static_cast<unsigned long long>(k.value("launches", 0ull)),
                fmt_time(p.value("time_ns", 0.0)).c_str(),
                p.value("bound", std::string()).c_str(), p.value("bandwidth_gbps", 0.0),
                p.value("bandwidth_fraction", 0.0) * 100, p.value("tflops", 0.0));
    if (device == doc.value("device", std::string()))
      for (const json& h : k["hints"])
        std::printf("      hint [%s] %s\n", h.value("id", std::string()).c_str(),
                    h.value("text", std::string()).c_str());
    const double flops = p.value("flops", 0.0), bytes = p.value("bytes", 0.0),
                 t = p.value("time_ns", 0.0);
    if (flops > 0 && t > 0)
      pts.push_back({name, bytes > 0 ? flops / bytes : 1024.0, flops / t});
    else
      unplaced.push_back(name);
  }
  if (svg.empty()) svg = fs::path(in).replace_extension(".svg").string();
  std::ofstream(svg) << roofline_svg(dev, pts, unplaced);
  std::printf("roofline: %s\n", svg.c_str());
  if (png.empty()) png = fs::path(svg).replace_extension(".png").string();
  std::vector<std::string> cmd;
  if (on_path("rsvg-convert"))
    cmd = {"rsvg-convert", "-o", png, svg};
  else if (on_path("convert"))
    cmd = {"convert", svg, png};
  std::error_code ec;
  fs::remove(png, ec);
  if (!cmd.empty() && run_process(cmd) == 0 && fs::exists(png, ec))
    std::printf("roofline: %s\n", png.c_str());
  return 0;
}

}  // namespace xesim::cli
