import "server-only";

// Pages, route handlers and actions take the database handle from here and pass it to the
// functions of the modules (src/features/<domain>/server); the schema and the query builder stay behind the
// modules and the core (lint keeps src/app, src/components and src/lib away from
// src/server/core/db and drizzle-orm).
export { getDb } from "./db/client";
