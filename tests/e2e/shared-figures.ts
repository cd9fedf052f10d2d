// Figures every test can move, such as the admin dashboard's count of pending bookings. Tests run on
// two workers: a test that checks how its own action changed such a figure holds the figure's lock
// from reading it to checking it, and a test that moves the figure holds the same lock while it does,
// so neither sees the other's step halfway. A directory is the lock (mkdir is atomic), next to the
// run's other throwaway files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The pending bookings the admin dashboard counts; the demo client Acme's stored account settings; the MRR. */
export type SharedFigure = "pending-bookings" | "acme-account" | "mrr";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function holdingFigure<T>(figure: SharedFigure, work: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_AUTH_DIR ?? os.tmpdir(), `${figure}.lock`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`${figure}: still held after 60 s (a test that held it crashed? remove ${lock})`);
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
