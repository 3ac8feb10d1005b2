#pragma once
// Schema migrations: an ordered list of steps; step N brings the database to version N.
// The versions applied so far are recorded in the schema_version table.
#include "storage/sqlite.h"

namespace arbiter::storage {

// The version this build writes and expects.
int latest_schema_version();

// The highest version recorded in the database; 0 for an empty database.
int recorded_schema_version(Connection& db);

// Applies the missing steps, one transaction each. A database already at the latest version is
// left untouched; one from a newer build is refused with std::runtime_error.
void migrate(Connection& db);
// The same, stopping at `up_to_version`: a database as an older build left it (for tests).
void migrate(Connection& db, int up_to_version);

}  // namespace arbiter::storage
