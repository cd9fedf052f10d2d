// The orphan sweep (src/features/operations/server/orphans.ts) run against the cluster's database and bucket,
// as the daily retention's instance runs it, but without waiting for objects to be an hour old.
import { openPostgres } from "@/server/core/db/client";
import { s3Storage } from "@/server/core/storage/s3-storage";
import { sweepOrphanedObjects } from "@/features/operations/server/orphans";
import { BUCKET, type Cluster } from "./cluster";

function clusterStorage(cluster: Cluster) {
  return s3Storage({ endpoint: cluster.s3Endpoint, bucket: BUCKET, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });
}

/** Stores an object with no row, as an upload killed between its object and its row leaves one. */
export async function putOrphan(cluster: Cluster, key: string, bytes: Uint8Array): Promise<void> {
  await clusterStorage(cluster).put(key, bytes);
}

export async function sweepOrphans(cluster: Cluster): Promise<string[]> {
  const handle = openPostgres(cluster.databaseUrl, 2);
  try {
    return await sweepOrphanedObjects(handle.db, clusterStorage(cluster), { minAgeMs: 0 });
  } finally {
    await handle.close();
  }
}
