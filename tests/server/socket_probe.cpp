// socket_probe PID PORT: prints "nodelay 1" or "nodelay 0" for the TCP socket of process PID
// whose peer is 127.0.0.1:PORT (the client side of a test's connection). The socket is borrowed
// with pidfd_getfd (Linux 5.6+, same user), so the end-to-end test reads the server's real
// option rather than guessing it from timings. Exit 1 when no such socket is found.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: socket_probe PID PORT\n");
    return 2;
  }
  const int pid = std::atoi(argv[1]);
  const int port = std::atoi(argv[2]);
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0) {
    std::perror("pidfd_open");
    return 1;
  }
  for (const auto& entry : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd")) {
    std::error_code ec;
    auto link = std::filesystem::read_symlink(entry.path(), ec);
    if (ec || !link.string().starts_with("socket:")) continue;
    const int target = std::stoi(entry.path().filename().string());
    const int fd = static_cast<int>(syscall(SYS_pidfd_getfd, pidfd, target, 0));
    if (fd < 0) {
      std::perror("pidfd_getfd");
      return 1;
    }
    sockaddr_storage peer{};
    socklen_t length = sizeof peer;
    bool match = getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &length) == 0 && peer.ss_family == AF_INET &&
                 ntohs(reinterpret_cast<sockaddr_in*>(&peer)->sin_port) == port;
    int nodelay = 0;
    socklen_t size = sizeof nodelay;
    if (match && getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &nodelay, &size) == 0) {
      std::printf("nodelay %d\n", nodelay ? 1 : 0);
      return 0;
    }
    close(fd);
  }
  std::fprintf(stderr, "no socket of process %d has peer port %d\n", pid, port);
  return 1;
}
