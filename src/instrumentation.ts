// Runs once when the server starts (never during `next build`): identity's, audit's and projects' ports (identity-ports.ts),
// configuration checks, database, migrations, demo seed (retried with backoff while the database is
// down), then the job engine with every slice's background work (background-jobs.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ provideIdentityPorts }, { provideAuditPorts }, { provideProjectsPorts }] = await Promise.all([
    import("./features/identity/server"),
    import("./features/audit/server"),
    import("./features/projects/server"),
  ]);
  provideIdentityPorts(async () => (await import("./identity-ports")).identityPorts);
  provideAuditPorts(async () => (await import("./identity-ports")).auditPorts);
  provideProjectsPorts(async () => (await import("./identity-ports")).projectsPorts);
  const [{ startServerTasks }, { backgroundJobs }] = await Promise.all([
    import("./features/operations/server"),
    import("./background-jobs"),
  ]);
  await startServerTasks(backgroundJobs);
}
