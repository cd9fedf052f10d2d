import "server-only";

// Pages, route handlers and actions take the database handle from here and pass it to data
// functions; the schema and the query builder stay behind src/server/data (a lint rule keeps
// src/app and src/components away from src/server/core/db).
export { getDb } from "./db/client";
