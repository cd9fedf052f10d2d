"use server";
// Server actions of Admin → Operations (docs/PRODUCT.md#admin-operations): a dead job retried or discarded; each checks the admin session itself (adminAction) and is audited.
import { deadJobIdSchema } from "@/features/operations/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { discardDeadJob, retryDeadJob } from "@/features/operations/server";

/** Sends a dead job back to the queue it failed on, with fresh retries. */
export const retryDeadJobAction = adminAction(deadJobIdSchema, (actor, { jobId }) => retryDeadJob(getDb(), { actor, jobId }));

/** Deletes a dead job for good. */
export const discardDeadJobAction = adminAction(deadJobIdSchema, (actor, { jobId }) => discardDeadJob(getDb(), { actor, jobId }));
