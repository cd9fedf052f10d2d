// Environment shared by integration tests: no demo seed unless a test asks, a fixed secret, a
// private DATA_DIR per worker for files.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-data-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";
process.env.APP_URL = "http://localhost:3000";
process.env.AUTH_SECRET = "integration-test-secret-integration-test-secret";
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
