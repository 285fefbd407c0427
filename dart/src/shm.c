/* Node memory as POSIX shared-memory objects (shm.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "shm.h"

void dart__shm_name(char name[DART_SHM_NAME_MAX], dart_team_t team, uint32_t serial, int abs) {
  snprintf(name, DART_SHM_NAME_MAX, "/dart.%ld.%d.%u.%d", dart__state.shm_job, (int)team, serial, abs);
}

size_t dart__shm_bytes(size_t size) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  return size == 0 ? page : (size + page - 1) / page * page;
}

static dart_ret_t map(int fd, const char *name, size_t bytes, void **addr) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  int err = errno;
  close(fd);
  if (p == MAP_FAILED)
    return dart__error(DART_ERR_NOMEM, "team memory: mmap of %zu bytes of %s: %s", bytes, name,
                       strerror(err));
  *addr = p;
  return DART_OK;
}

dart_ret_t dart__shm_create(const char *name, size_t bytes, void **addr) {
  int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
  if (fd < 0 && errno == EEXIST) { /* a dead job's: a live one's would carry its own pid */
    shm_unlink(name);
    fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
  }
  if (fd < 0) return dart__error(DART_ERR_NOMEM, "team memory: shm_open(%s): %s", name, strerror(errno));
  if (ftruncate(fd, (off_t)bytes) != 0) {
    int err = errno;
    close(fd);
    shm_unlink(name);
    return dart__error(DART_ERR_NOMEM, "team memory: %zu bytes for %s: %s", bytes, name, strerror(err));
  }
  dart_ret_t r = map(fd, name, bytes, addr);
  if (r != DART_OK) shm_unlink(name);
  return r;
}

dart_ret_t dart__shm_attach(const char *name, size_t bytes, void **addr) {
  int fd = shm_open(name, O_RDWR, 0);
  if (fd < 0)
    return dart__error(DART_ERR_OTHER, "team memory: shm_open(%s) of a peer: %s", name, strerror(errno));
  return map(fd, name, bytes, addr);
}

void dart__shm_unlink(const char *name) { shm_unlink(name); }

void dart__shm_unmap(void *addr, size_t bytes) {
  if (addr) munmap(addr, bytes);
}
