// Pulls every invoice from Square into ours → { success, synced, message }. Admins only.
import { getDb } from "@/server/data/db";
import { AppError } from "@/server/errors";
import { withAdmin } from "@/server/handler";
import { SquareApiError } from "@/server/integrations/square/client";
import { syncSquareInvoices } from "@/server/integrations/square/invoice-sync";
import { assertSameSite } from "@/server/integrations/square/request-guards";

export const dynamic = "force-dynamic";

// Failures keep the response's shape, so the card can say 'Sync failed: {message}'.
function failure(message: string, status: number): Response {
  return Response.json({ success: false, synced: 0, message, error: message }, { status });
}

export const GET = withAdmin(async (request, { actor }) => {
  assertSameSite(request);
  try {
    return Response.json(await syncSquareInvoices(getDb(), actor), { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError) return failure(error.message, error.status);
    if (error instanceof SquareApiError) return failure(error.message, error.statusCode === 409 ? 409 : 502);
    throw error;
  }
});
