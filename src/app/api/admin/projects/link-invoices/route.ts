// POST /api/admin/projects/link-invoices { projectId, invoiceIds } → { success, linkedCount }: all or nothing.
import { linkInvoicesSchema } from "@/lib/validation/admin";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { withAdmin } from "@/server/modules/account";
import { linkInvoicesToProject } from "@/server/modules/projects";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async (request, { actor }) => {
  const { projectId, invoiceIds } = await parseJson(request, linkInvoicesSchema);
  const { linkedCount } = await linkInvoicesToProject(getDb(), { actor, projectId, invoiceIds });
  return Response.json({ success: true, linkedCount });
});
