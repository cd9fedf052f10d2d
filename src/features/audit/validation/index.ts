// The audit feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import { z } from "zod";
import { optionalFilterDate, pageNumber } from "@/lib/validation/admin-fields";
import { uuidSchema } from "@/lib/validation/common";

/** Audit log filters: the acting user, the action, a date range (inclusive, UTC days), the company concerned. */
export const auditListQuerySchema = z.object({
  actor: z
    .union([
      z.literal(""),
      z.literal("system"),
      z
        .string()
        .max(100)
        .regex(/^[A-Za-z0-9_-]+$/),
    ])
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  action: z
    .string()
    .max(100)
    .regex(/^[a-z0-9_.:-]*$/i)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  from: optionalFilterDate,
  to: optionalFilterDate,
  /** The client company the entries concern (from its client page); junk means every entry. */
  client: z
    .union([z.literal(""), uuidSchema])
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  page: z._default(pageNumber, 1),
});

export type AuditListQuery = z.output<typeof auditListQuerySchema>;
