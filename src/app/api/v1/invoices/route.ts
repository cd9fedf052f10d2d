// GET /api/v1/invoices: declared by API_V1.listInvoices (src/features/api/server/contract.ts); docs/PRODUCT.md#api-and-webhooks.
import { getDb } from "@/server/core/get-db";
import { API_V1, apiListInvoices, apiRoute } from "@/features/api/server";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_V1.listInvoices, ({ caller, query }) => apiListInvoices(getDb(), caller, query));
