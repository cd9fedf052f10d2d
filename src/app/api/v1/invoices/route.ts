// GET /api/v1/invoices (token scope invoices:read) → { data: Invoice[], nextCursor }: docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { apiListInvoices, apiRoute, queryOf } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute("invoices:read", (request, { caller }) => apiListInvoices(getDb(), caller, queryOf(request)));
