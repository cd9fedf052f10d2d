// Environment shared by integration tests: a fixed secret, a
// private DATA_DIR per worker for files.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-data-"));
process.env.DATA_DIR = dir;
// As on a demo start, so the demo admin keeps its two-factor exemption (docs/PRODUCT.md#sign-in-two-factor);
// databases are seeded only by setupTestDatabase({ seedDemo: true }), never by this setting.
process.env.SEED_DEMO = "true";
process.env.APP_URL = "http://localhost:3000";
process.env.AUTH_SECRET = "integration-test-secret-integration-test-secret";
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;

// The low slices' ports (src/identity-ports.ts, as src/instrumentation.ts hands them over at start),
// loaded at their first use: after the test file's module mocks are in place.
const { provideIdentityPorts } = await import("@/features/identity/server/ports");
const { provideAuditPorts } = await import("@/features/audit/server/ports");
const { provideSquarePorts } = await import("@/features/square/server/ports");
provideIdentityPorts(async () => (await import("@/identity-ports")).identityPorts);
provideAuditPorts(async () => (await import("@/identity-ports")).auditPorts);
const { provideClientsPorts } = await import("@/features/clients/server/ports");
provideClientsPorts(async () => (await import("@/identity-ports")).clientsPorts);
provideSquarePorts(async () => (await import("@/identity-ports")).squarePorts);
const { provideProjectsPorts } = await import("@/features/projects/server/ports");
provideProjectsPorts(async () => (await import("@/identity-ports")).projectsPorts);
