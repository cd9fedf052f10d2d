// Runs once when the server starts (never during `next build`): configuration checks, database,
// migrations, demo seed (retried with backoff while the database is down),
// the periodic outbox drain and the daily retention.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerTasks } = await import("./features/operations/server");
  await startServerTasks();
}
