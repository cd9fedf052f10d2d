// The projects feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { isoDateSchema, requiredField, optionalText, uuidSchema } from "@/lib/validation/common";
import { PROJECT_STATUSES } from "@/lib/domain/project-status";
import { searchText, pageNumber, requiredText } from "@/lib/validation/admin-fields";

const optionalDate = z.pipe(
  z.nullish(z.union([z.literal(""), isoDateSchema])),
  z.transform((value: string | null | undefined) => (value ? value : null)),
);

export const projectStatusSchema = z.enum(PROJECT_STATUSES, { error: "Unknown project status" });

export const projectListQuerySchema = z.object({
  q: z._default(searchText, ""),
  status: z._default(z.catch(z.union([projectStatusSchema, z.literal("all")]), "all"), "all"),
  page: z._default(pageNumber, 1),
});

export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export const projectFormSchema = z.object({
  projectName: requiredText(200, "Project name is required"),
  // Named after the field, never "Invalid id": the select starts empty.
  clientId: requiredField("Client is required", z.uuid("Choose a client")),
  startDate: requiredField("Start date is required", isoDateSchema),
  description: optionalText(2000),
  notes: optionalText(2000),
  targetCompletionDate: optionalDate,
});

export type ProjectFormInput = z.input<typeof projectFormSchema>;

export const updateProjectSchema = z.extend(projectFormSchema, { id: uuidSchema, status: projectStatusSchema });

export const setProjectStatusSchema = z.object({ projectId: uuidSchema, status: projectStatusSchema });

export const projectIdSchema = z.object({ projectId: uuidSchema });

export const linkInvoicesSchema = z.object({
  projectId: uuidSchema,
  invoiceIds: z
    .array(uuidSchema, { error: "invoiceIds must be a list of invoice ids" })
    .check(z.minLength(1, "Select at least one invoice"), z.maxLength(500, "At most 500 invoices at once")),
});

export type LinkInvoicesInput = z.input<typeof linkInvoicesSchema>;

export const unlinkInvoiceSchema = z.object({ invoiceId: uuidSchema });
