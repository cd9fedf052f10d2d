// The operations feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import { z } from "zod";
import { uuidSchema } from "@/lib/validation/common";

export const mailIdSchema = z.object({ mailId: uuidSchema });

/** A dead job on Admin → Operations (pg-boss's job ids are UUIDs). */
export const deadJobIdSchema = z.object({ jobId: uuidSchema });
