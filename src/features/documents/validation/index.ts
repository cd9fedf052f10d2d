// The documents feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import { z } from "zod";
import { searchText, pageNumber } from "@/lib/validation/admin-fields";
import { uuidSchema } from "@/lib/validation/common";
import { DOCUMENT_CATEGORIES } from "@/lib/domain/document-category";

/** Admin Documents: search by name, one client, one category, page; junk means no filter. */
export const documentListQuerySchema = z.object({
  q: z._default(searchText, ""),
  clientId: z
    .union([z.literal(""), uuidSchema])
    .catch("")
    .default(""),
  category: z
    .union([z.enum(DOCUMENT_CATEGORIES), z.literal("all")])
    .catch("all")
    .default("all"),
  page: z._default(pageNumber, 1),
});

export type DocumentListQuery = z.output<typeof documentListQuerySchema>;

export const documentIdSchema = z.object({ documentId: uuidSchema });
