// The Debian packages the test command needs beyond npm: Chromium for the browser tests, Poppler
// (pdfsig) for the signed-PDF checks and, for CI's throwaway server, PostgreSQL.
// `npm test` and `.ci/run` both call this step: it installs what is missing when it can (root or
// password-less sudo, and apt-get), and otherwise stops before the first stage with the one
// command to run.
//   node scripts/system-packages.mjs [--with-postgres]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const onPath = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
const postgresInstalled = () => {
  const root = "/usr/lib/postgresql";
  return fs.existsSync(root) && fs.readdirSync(root).some((v) => fs.existsSync(`${root}/${v}/bin/pg_ctl`));
};

/** Debian package → is it (or what stands in for it) already here? */
function missingPackages({ withPostgres }) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const checks = [
    ["chromium", () => fs.existsSync(chromium)],
    ["poppler-utils", () => onPath("pdfsig")],
  ];
  if (withPostgres) checks.push(["postgresql", postgresInstalled]);
  return checks.filter(([, present]) => !present()).map(([name]) => name);
}

/** How to become root without a prompt: "" when we are root, "sudo" when it asks no password. */
function rootPrefix() {
  if (process.getuid?.() === 0) return "";
  if (onPath("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0) return "sudo";
  return null;
}

/** Installs what is missing, or returns the one command a person must run; null when all is here. */
export function ensureSystemPackages({ withPostgres = false } = {}) {
  const missing = missingPackages({ withPostgres });
  if (missing.length === 0) return null;
  const command = `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  const prefix = rootPrefix();
  if (prefix === null || !onPath("apt-get")) return command;
  console.info(`--- installing Debian packages: ${missing.join(" ")}`);
  const apt = (...args) => {
    const [cmd, ...rest] = prefix ? [prefix, "apt-get", ...args] : ["apt-get", ...args];
    return spawnSync(cmd, rest, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  };
  apt("update", "-y");
  const install = apt("install", "-y", "--no-install-recommends", ...missing);
  const still = missingPackages({ withPostgres });
  return install.status === 0 && still.length === 0 ? null : command;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const command = ensureSystemPackages({ withPostgres: process.argv.includes("--with-postgres") });
  if (command) {
    console.error(`Some Debian packages the tests need are missing, and they could not be installed here. Run:\n  ${command}`);
    process.exit(1);
  }
}
