#include "content_hash.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <system_error>

namespace xesim::cli {
namespace fs = std::filesystem;

namespace {

// FNV-1a 128 prime: 2^88 + 2^8 + 0x3b.
constexpr unsigned __int128 kPrime = (static_cast<unsigned __int128>(1) << 88) + 0x13b;

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

bool is_under(const fs::path& p, const fs::path& dir) {
  if (dir.empty()) return false;
  auto [d, _] = std::mismatch(dir.begin(), dir.end(), p.begin(), p.end());
  return d == dir.end();
}

}  // namespace

void content_hash::add(std::string_view bytes) {
  for (unsigned char c : bytes) {
    state_ ^= c;
    state_ *= kPrime;
  }
}

void content_hash::add_field(std::string_view bytes) {
  add(std::to_string(bytes.size()));
  add(":");
  add(bytes);
}

void content_hash::add_file(const std::string& path) {
  add_field(path);
  std::string bytes;
  if (read_file(path, bytes)) {
    add_field(bytes);
  } else {
    add_field("<unreadable>");
  }
}

void content_hash::add_tree(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  std::vector<std::string> files;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) add_file(f);
}

std::string content_hash::hex() const {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(32, '0');
  unsigned __int128 v = state_;
  for (int i = 31; i >= 0; --i, v >>= 4) out[i] = kDigits[static_cast<unsigned>(v & 0xf)];
  return out;
}

std::vector<std::string> local_includes(const std::string& source,
                                        const std::vector<std::string>& include_dirs,
                                        const std::string& skip_dir) {
  static const std::regex kInclude(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
  std::error_code ec;
  const fs::path skip = skip_dir.empty() ? fs::path() : fs::weakly_canonical(skip_dir, ec);
  std::set<std::string> seen;
  std::vector<std::string> order;
  std::vector<fs::path> todo{fs::weakly_canonical(source, ec)};
  while (!todo.empty()) {
    const fs::path file = todo.back();
    todo.pop_back();
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, kInclude)) continue;
      std::vector<fs::path> candidates;
      if (m[1] == "\"") candidates.push_back(file.parent_path() / m[2].str());
      for (const std::string& d : include_dirs) candidates.push_back(fs::path(d) / m[2].str());
      for (const fs::path& c : candidates) {
        if (!fs::is_regular_file(c, ec)) continue;
        const fs::path found = fs::weakly_canonical(c, ec);
        if (is_under(found, skip)) break;
        if (seen.insert(found.string()).second) {
          order.push_back(found.string());
          todo.push_back(found);
        }
        break;
      }
    }
  }
  return order;
}

}  // namespace xesim::cli
