import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/core/db/client";
import { ensureDatabaseReady } from "./bootstrap";

export async function checkDatabaseHealth(): Promise<boolean> {
  try {
    await ensureDatabaseReady();
    await getDb().execute(sql`select 1`);
    return true;
  } catch (error) {
    console.error("[health] database check failed:", error instanceof Error ? error.message : error);
    return false;
  }
}
