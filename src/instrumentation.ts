// Runs once when the server starts (never during `next build`): the low slices' ports (identity-ports.ts),
// configuration checks, database, migrations, demo seed (retried with backoff while the database is
// down), then the job engine with every slice's background work (background-jobs.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ provideIdentityPorts }, { provideAuditPorts }, { provideClientsPorts }, { provideProjectsPorts }, { provideSquarePorts }] =
    await Promise.all([
      import("./features/identity/server"),
      import("./features/audit/server"),
      import("./features/clients/server"),
      import("./features/projects/server"),
      import("./features/square/server"),
    ]);
  provideIdentityPorts(async () => (await import("./identity-ports")).identityPorts);
  provideAuditPorts(async () => (await import("./identity-ports")).auditPorts);
  provideClientsPorts(async () => (await import("./identity-ports")).clientsPorts);
  provideProjectsPorts(async () => (await import("./identity-ports")).projectsPorts);
  provideSquarePorts(async () => (await import("./identity-ports")).squarePorts);
  const [{ startServerTasks }, { backgroundJobs }] = await Promise.all([
    import("./features/operations/server"),
    import("./background-jobs"),
  ]);
  await startServerTasks(backgroundJobs);
}
