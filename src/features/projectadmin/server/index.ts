import "server-only";
// The projectadmin module's public face: everything outside src/features/projectadmin/server imports from here (README.md).

export { clientLockedSql } from "./client-lock";
