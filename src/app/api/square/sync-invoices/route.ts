// Pulls every invoice from Square into ours → { success, synced, message }. Admins only.
// Failures (Square's included) go through the one error mapping: { success: false, error, code }.
import { getDb } from "@/server/core/get-db";
import { withAdmin } from "@/features/identity/server";
import { assertSameSite, syncSquareInvoices } from "@/features/square/server";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async (request, { actor }) => {
  assertSameSite(request);
  return Response.json(await syncSquareInvoices(getDb(), actor), { headers: { "cache-control": "no-store" } });
});
