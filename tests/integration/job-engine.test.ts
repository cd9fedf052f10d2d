// The one job engine (src/server/core/jobs): pg-boss on the test's own database, PGlite or
// PostgreSQL. Retries with back-off then the dead letters, a schedule that fires once per period
// whatever the number of engines, and a stop that leaves the work not yet begun queued.
import { afterEach, describe, expect, it } from "vitest";
import { TestClock, type PgBoss } from "pg-boss";
import { currentDbHandle } from "@/server/core/db/client";
import { createJobEngine } from "@/server/core/jobs/engine";
import { DEAD_LETTER_QUEUE, type JobDefinition } from "@/server/core/jobs/job";
import { setupTestDatabase } from "./helpers/db";

setupTestDatabase();

const engines: PgBoss[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop({ graceful: false, close: false, timeout: 1000 });
});

async function engine(jobs: JobDefinition[], clock?: TestClock): Promise<PgBoss> {
  const started = await createJobEngine(currentDbHandle()!, jobs, { clock });
  engines.push(started);
  return started;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the job engine", () => {
  it("retries a failing job with back-off, then moves it to the dead letters", async () => {
    const attempts: number[] = [];
    const boss = await engine([
      {
        name: "test.always-fails",
        retryLimit: 2,
        retryDelaySeconds: 1,
        run: async () => {
          attempts.push(Date.now());
          throw new Error("the receiver is down");
        },
      },
    ]);
    await boss.send("test.always-fails", null);
    const dead = await until(
      () => boss.findJobs(DEAD_LETTER_QUEUE),
      (jobs) => jobs.length > 0,
    );
    expect(attempts).toHaveLength(3);
    // Back-off: the second wait is not shorter than the first retry delay.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(dead).toHaveLength(1);
    const [failed] = await boss.findJobs("test.always-fails");
    expect(failed?.state).toBe("failed");
  });

  it("runs a job again once its receiver is back, and only once", async () => {
    let up = false;
    let delivered = 0;
    const boss = await engine([
      {
        name: "test.flaky",
        retryLimit: 5,
        retryDelaySeconds: 1,
        run: async () => {
          if (!up) {
            up = true;
            throw new Error("not yet");
          }
          delivered += 1;
        },
      },
    ]);
    const id = await boss.send("test.flaky", null);
    const job = await until(
      () => boss.getJobById("test.flaky", id!),
      (found) => found?.state === "completed",
    );
    expect(job?.state).toBe("completed");
    expect(delivered).toBe(1);
  });

  it("fires a schedule once per minute with two engines on one database", async () => {
    // Ahead of the real time: the engines of the tests before it marked the schedules as looked at
    // up to now, and pg-boss does not look again before that moment.
    const start = (Math.floor(Date.now() / 60_000) + 24 * 60) * 60_000 + 30_000;
    const clock = new TestClock(start);
    const runs: number[] = [];
    const jobs: JobDefinition[] = [{ name: "test.every-minute", cron: "* * * * *", run: async () => void runs.push(runs.length) }];
    const [first, second] = [await engine(jobs, clock), await engine(jobs, clock)];
    // The engines' timers run on the test's clock: it moves 10 s at a time, with a pause for the
    // handlers, until at least three minutes have begun and every run sent so far has finished.
    const minutesBegun = () => Math.floor(clock.now() / 60_000) - Math.floor(start / 60_000);
    const completed = async () => (await first.findJobs("test.every-minute")).filter((job) => job.state === "completed").length;
    for (let step = 0; step < 120 && (minutesBegun() < 3 || (await completed()) < minutesBegun()); step++) {
      await clock.tick(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(minutesBegun()).toBeGreaterThanOrEqual(3);
    // One run per minute begun, whichever engine sent it: never one per engine.
    expect(await completed()).toBe(minutesBegun());
    expect((await second.findJobs("test.every-minute")).length).toBe(minutesBegun());
    expect(runs.length).toBe(minutesBegun());
  });

  it("lets the job in flight finish on stop and leaves the others queued for the next engine", async () => {
    const finished: string[] = [];
    const slow = (id: string): JobDefinition => ({
      name: "test.slow",
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished.push(id);
      },
    });
    const first = await engine([slow("first")]);
    const inFlight = await first.send("test.slow", null);
    await until(
      () => first.getJobById("test.slow", inFlight!),
      (job) => job?.state === "active",
    );
    const waiting = [await first.send("test.slow", null), await first.send("test.slow", null)];
    await first.stop({ graceful: true, close: false, timeout: 5000 });
    expect((await first.getJobById("test.slow", inFlight!))?.state).toBe("completed");
    for (const id of waiting) expect((await first.getJobById("test.slow", id!))?.state).toBe("created");
    const next = await engine([slow("next")]);
    const done = await until(
      () => Promise.all(waiting.map((id) => next.getJobById("test.slow", id!))),
      (jobs) => jobs.every((job) => job?.state === "completed"),
    );
    expect(done.map((job) => job?.state)).toEqual(["completed", "completed"]);
    expect(finished).toEqual(["first", "next", "next"]);
  });
});
