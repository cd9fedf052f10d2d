// Small pieces shared by the test runner, test helpers and benchmarks (plain ESM so that both
// node scripts and TypeScript can import it; types in local-tools.d.mts).
import net from "node:net";

/** The flags Debian's chromium needs on these machines (platform-notes.md), without --headless. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A TCP port that was free on loopback a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
