#pragma once
// A SQLite VFS over the system's default one that gathers what a commit appends to the WAL (a
// 24-byte header and a page per frame, each a write of its own in SQLite) and hands it to the
// kernel in one write when SQLite syncs the WAL: a commit of N pages becomes one write and one
// sync, not 2N writes and one sync. Durability is unchanged: every gathered byte is written
// before the sync it precedes, and SQLite shows a commit to readers (the WAL index) only after
// that sync returns. Other files (the database, its shared memory) pass straight through.

namespace arbiter::storage {

// The VFS's name for sqlite3_open_v2, registered (not as the default) on the first call.
const char* wal_batching_vfs();

}  // namespace arbiter::storage
