// Runs once when the server starts (never during `next build`): database, migrations, demo seed,
// and the periodic outbox drain.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerTasks } = await import("./server/startup");
  await startServerTasks();
}
