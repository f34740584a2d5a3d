#include "process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace xesim::cli {
namespace {

constexpr int kCannotRun = 127;
constexpr int kSignalBase = 128;

std::vector<char*> c_argv(const std::vector<std::string>& argv) {
  std::vector<char*> out;
  out.reserve(argv.size() + 1);
  for (const std::string& a : argv) out.push_back(const_cast<char*>(a.c_str()));
  out.push_back(nullptr);
  return out;
}

}  // namespace

int run_process(const std::vector<std::string>& argv) { return run_process_to(argv, ""); }

int run_process_to(const std::vector<std::string>& argv, const std::string& stderr_path) {
  if (argv.empty()) return kCannotRun;
  std::vector<char*> args = c_argv(argv);
  pid_t pid = 0;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!stderr_path.empty())
    posix_spawn_file_actions_addopen(&actions, 2, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
  const int err = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) {
    std::fprintf(stderr, "xesim: error: cannot run '%s': %s\n", args[0], std::strerror(err));
    return kCannotRun;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return kCannotRun;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return kSignalBase + WTERMSIG(status);
  return kCannotRun;
}

void exec_program(const std::string& path, const std::vector<std::string>& argv) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::vector<char*> args = c_argv(argv);
  execv(path.c_str(), args.data());
  std::fprintf(stderr, "xesim: error: cannot run '%s': %s\n", path.c_str(), std::strerror(errno));
  std::exit(kCannotRun);
}

}  // namespace xesim::cli
