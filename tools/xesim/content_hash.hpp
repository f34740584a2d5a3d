// The cache key of `xesim run`: a 128-bit FNV-1a over everything the executable depends on.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xesim::cli {

/// Incremental FNV-1a, 128 bit. Not cryptographic: it names cache entries.
class content_hash {
 public:
  void add(std::string_view bytes);
  /// Adds a length-prefixed field, so ("ab","c") and ("a","bc") differ.
  void add_field(std::string_view bytes);
  /// Adds the path, then the file's bytes (or a marker when it cannot be read).
  void add_file(const std::string& path);
  /// Adds every regular file below `dir`, in path order (nothing if `dir` does not exist).
  void add_tree(const std::string& dir);
  /// 32 lowercase hex digits.
  std::string hex() const;

 private:
  unsigned __int128 state_ =
      (static_cast<unsigned __int128>(0x6c62272e07bb0142ull) << 64) | 0x62b821756295c58dull;
};

/// The files a source depends on through `#include "..."` (and `#include <...>` found in
/// `include_dirs`), searched in the including file's folder then `include_dirs`, recursively.
/// Files under `skip_dir` (the xesim headers, hashed as a whole) are left out. Includes that
/// are not found (system headers) are ignored; conditional includes are all followed.
std::vector<std::string> local_includes(const std::string& source,
                                        const std::vector<std::string>& include_dirs,
                                        const std::string& skip_dir);

}  // namespace xesim::cli
