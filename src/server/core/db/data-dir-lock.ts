import "server-only";
import fs from "node:fs";
import path from "node:path";

// Two processes on one PGlite folder lose writes without any error, so the first process to open
// the folder holds a lock file and every other process refuses to open it.
const LOCK_NAME = "db.lock";

type LockInfo = { pid: number; startedAt: string; command: string };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLock(file: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
  } catch {
    return undefined;
  }
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder: LockInfo) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}, "${holder.command}", ` +
        `since ${holder.startedAt}). Only one process may open it at a time: stop that process first ` +
        `(for admin tasks, stop the server, run the command, then start the server again), ` +
        `or point DATABASE_URL at a PostgreSQL server, which any number of processes can share.`,
    );
    this.name = "DataDirLockedError";
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_NAME);
  const info: LockInfo = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command: process.argv
      .slice(1, 3)
      .map((a) => path.basename(a))
      .join(" "),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: "wx" });
      const release = () => {
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(file);
      if (holder?.pid === process.pid) return () => {};
      if (holder && isAlive(holder.pid)) throw new DataDirLockedError(dataDir, holder);
      // Stale lock from a process that died without cleaning up.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}: the lock file keeps reappearing.`);
}
