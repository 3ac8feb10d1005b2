#include "storage/wal_batching_vfs.h"

#include <sqlite3.h>

#include <algorithm>
#include <new>
#include <stdexcept>
#include <vector>

namespace arbiter::storage {
namespace {

// A transaction larger than this (a migration, say) is written in parts of about this size.
constexpr std::size_t kMaxGathered = 8u << 20;
// The most the system VFS writes in one call (its unix xWrite keeps the low 17 bits of a size
// and reports the rest unwritten as a full disk).
constexpr std::size_t kMaxWrite = 0x1ffff;

sqlite3_vfs* system_vfs() {
  static sqlite3_vfs* const vfs = sqlite3_vfs_find(nullptr);
  return vfs;
}

// Our file, followed in the same allocation by the system VFS's file it wraps.
struct BatchingFile {
  BatchingFile(const sqlite3_io_methods* methods, sqlite3_file* real, bool gathers)
      : base{methods}, real(real), gathers(gathers) {}

  sqlite3_file base;  // base.pMethods: kMethods
  sqlite3_file* real;
  bool gathers;  // the WAL: writes are gathered until the next sync (or read, size, truncate)
  sqlite3_int64 gathered_at = 0;  // the file offset of gathered[0]
  std::vector<char> gathered;
};

// Room for BatchingFile, rounded so that the real file after it is aligned.
constexpr int kOwnSize = static_cast<int>((sizeof(BatchingFile) + 15) / 16 * 16);

BatchingFile* own(sqlite3_file* file) { return reinterpret_cast<BatchingFile*>(file); }
sqlite3_file* real(sqlite3_file* file) { return own(file)->real; }

int flush(BatchingFile* file) {
  int rc = SQLITE_OK;
  for (std::size_t done = 0; done < file->gathered.size() && rc == SQLITE_OK; done += kMaxWrite) {
    const std::size_t part = std::min(kMaxWrite, file->gathered.size() - done);
    rc = file->real->pMethods->xWrite(file->real, file->gathered.data() + done, static_cast<int>(part),
                                      file->gathered_at + static_cast<sqlite3_int64>(done));
  }
  // On failure SQLite abandons the commit; the frames it writes next start where these did.
  file->gathered.clear();
  return rc;
}

int batching_close(sqlite3_file* file) {
  BatchingFile* self = own(file);
  const int flushed = flush(self);
  sqlite3_file* inner = self->real;
  self->~BatchingFile();
  const int closed = inner->pMethods->xClose(inner);
  return flushed != SQLITE_OK ? flushed : closed;
}

int batching_read(sqlite3_file* file, void* buffer, int amount, sqlite3_int64 offset) {
  if (const int rc = flush(own(file)); rc != SQLITE_OK) return rc;
  return real(file)->pMethods->xRead(real(file), buffer, amount, offset);
}

int batching_write(sqlite3_file* file, const void* data, int amount, sqlite3_int64 offset) {
  BatchingFile* self = own(file);
  if (!self->gathers) return self->real->pMethods->xWrite(self->real, data, amount, offset);
  const auto bytes = static_cast<std::size_t>(amount);
  const sqlite3_int64 end = self->gathered_at + static_cast<sqlite3_int64>(self->gathered.size());
  const char* from = static_cast<const char*>(data);
  // Anything but the next bytes (SQLite rewriting a frame it spilled earlier) follows the
  // gathered bytes to the file, so it lands over them as it would have.
  if (!self->gathered.empty() && (offset != end || self->gathered.size() + bytes > kMaxGathered)) {
    if (const int rc = flush(self); rc != SQLITE_OK) return rc;
  }
  if (self->gathered.empty()) self->gathered_at = offset;
  self->gathered.insert(self->gathered.end(), from, from + bytes);
  return SQLITE_OK;
}

int batching_truncate(sqlite3_file* file, sqlite3_int64 size) {
  if (const int rc = flush(own(file)); rc != SQLITE_OK) return rc;
  return real(file)->pMethods->xTruncate(real(file), size);
}

int batching_sync(sqlite3_file* file, int flags) {
  if (const int rc = flush(own(file)); rc != SQLITE_OK) return rc;
  return real(file)->pMethods->xSync(real(file), flags);
}

int batching_file_size(sqlite3_file* file, sqlite3_int64* size) {
  if (const int rc = flush(own(file)); rc != SQLITE_OK) return rc;
  return real(file)->pMethods->xFileSize(real(file), size);
}

// The rest pass through.
int lock(sqlite3_file* f, int level) { return real(f)->pMethods->xLock(real(f), level); }
int unlock(sqlite3_file* f, int level) { return real(f)->pMethods->xUnlock(real(f), level); }
int check_reserved_lock(sqlite3_file* f, int* out) { return real(f)->pMethods->xCheckReservedLock(real(f), out); }
int file_control(sqlite3_file* f, int op, void* arg) { return real(f)->pMethods->xFileControl(real(f), op, arg); }
int sector_size(sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); }
int device_characteristics(sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
int shm_map(sqlite3_file* f, int region, int size, int extend, void volatile** out) {
  return real(f)->pMethods->xShmMap(real(f), region, size, extend, out);
}
int shm_lock(sqlite3_file* f, int offset, int n, int flags) { return real(f)->pMethods->xShmLock(real(f), offset, n, flags); }
void shm_barrier(sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); }
int shm_unmap(sqlite3_file* f, int delete_flag) { return real(f)->pMethods->xShmUnmap(real(f), delete_flag); }
int fetch(sqlite3_file* f, sqlite3_int64 offset, int amount, void** out) {
  return real(f)->pMethods->xFetch(real(f), offset, amount, out);
}
int unfetch(sqlite3_file* f, sqlite3_int64 offset, void* page) { return real(f)->pMethods->xUnfetch(real(f), offset, page); }

const sqlite3_io_methods kMethods = {
    .iVersion = 3,
    .xClose = batching_close,
    .xRead = batching_read,
    .xWrite = batching_write,
    .xTruncate = batching_truncate,
    .xSync = batching_sync,
    .xFileSize = batching_file_size,
    .xLock = lock,
    .xUnlock = unlock,
    .xCheckReservedLock = check_reserved_lock,
    .xFileControl = file_control,
    .xSectorSize = sector_size,
    .xDeviceCharacteristics = device_characteristics,
    .xShmMap = shm_map,
    .xShmLock = shm_lock,
    .xShmBarrier = shm_barrier,
    .xShmUnmap = shm_unmap,
    .xFetch = fetch,
    .xUnfetch = unfetch,
};

int open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* file, int flags, int* out_flags) {
  auto* inner = reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(file) + kOwnSize);
  inner->pMethods = nullptr;
  file->pMethods = nullptr;  // SQLite calls xClose only if this is set
  const int rc = system_vfs()->xOpen(system_vfs(), name, inner, flags, out_flags);
  if (rc != SQLITE_OK) {
    if (inner->pMethods) inner->pMethods->xClose(inner);
    return rc;
  }
  if (inner->pMethods->iVersion < 3) {  // a system VFS without WAL support: nothing to wrap
    inner->pMethods->xClose(inner);
    return SQLITE_CANTOPEN;
  }
  new (file) BatchingFile(&kMethods, inner, (flags & SQLITE_OPEN_WAL) != 0);
  return SQLITE_OK;
}

// The VFS's own calls go to the system VFS with its own object (it keeps state in pAppData).
int remove_file(sqlite3_vfs*, const char* name, int sync_dir) {
  return system_vfs()->xDelete(system_vfs(), name, sync_dir);
}
int access(sqlite3_vfs*, const char* name, int flags, int* out) {
  return system_vfs()->xAccess(system_vfs(), name, flags, out);
}
int full_pathname(sqlite3_vfs*, const char* name, int size, char* out) {
  return system_vfs()->xFullPathname(system_vfs(), name, size, out);
}
void* dl_open(sqlite3_vfs*, const char* name) { return system_vfs()->xDlOpen(system_vfs(), name); }
void dl_error(sqlite3_vfs*, int size, char* out) { system_vfs()->xDlError(system_vfs(), size, out); }
void (*dl_sym(sqlite3_vfs*, void* handle, const char* symbol))(void) {
  return system_vfs()->xDlSym(system_vfs(), handle, symbol);
}
void dl_close(sqlite3_vfs*, void* handle) { system_vfs()->xDlClose(system_vfs(), handle); }
int randomness(sqlite3_vfs*, int size, char* out) { return system_vfs()->xRandomness(system_vfs(), size, out); }
int sleep_for(sqlite3_vfs*, int microseconds) { return system_vfs()->xSleep(system_vfs(), microseconds); }
int current_time(sqlite3_vfs*, double* out) { return system_vfs()->xCurrentTime(system_vfs(), out); }
int last_error(sqlite3_vfs*, int size, char* out) { return system_vfs()->xGetLastError(system_vfs(), size, out); }
int current_time_64(sqlite3_vfs*, sqlite3_int64* out) {
  return system_vfs()->xCurrentTimeInt64(system_vfs(), out);
}

}  // namespace

const char* wal_batching_vfs() {
  static const char* const name = [] {
    sqlite3_vfs* system = system_vfs();
    if (!system || system->iVersion < 2) throw std::runtime_error("SQLite has no usable default VFS");
    static sqlite3_vfs vfs{};
    vfs.iVersion = 2;
    vfs.szOsFile = kOwnSize + system->szOsFile;
    vfs.mxPathname = system->mxPathname;
    vfs.zName = "arbiter-wal-batching";
    vfs.xOpen = open;
    vfs.xDelete = remove_file;
    vfs.xAccess = access;
    vfs.xFullPathname = full_pathname;
    vfs.xDlOpen = dl_open;
    vfs.xDlError = dl_error;
    vfs.xDlSym = dl_sym;
    vfs.xDlClose = dl_close;
    vfs.xRandomness = randomness;
    vfs.xSleep = sleep_for;
    vfs.xCurrentTime = current_time;
    vfs.xGetLastError = last_error;
    vfs.xCurrentTimeInt64 = current_time_64;
    if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK) throw std::runtime_error("cannot register SQLite's WAL-batching VFS");
    return vfs.zName;
  }();
  return name;
}

}  // namespace arbiter::storage
