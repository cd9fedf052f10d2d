// POST /api/admin/update-client-rates { clientId, rates[] } → { success }: replaces the client's rates in one transaction.
import { updateClientRatesSchema } from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { withAdmin } from "@/server/modules/account";
import { replaceClientRates } from "@/server/modules/rates";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const { clientId, rates } = await parseJson(request, updateClientRatesSchema);
  const saved = await replaceClientRates(getDb(), { actor, clientId, rates });
  return Response.json({ success: true, count: saved.length });
});
