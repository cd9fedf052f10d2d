// POST /api/client/findings/{id}/reproducer ({ code?, passkey?, password? }) → { filename, content, signatureFilename, signature }: after a fresh second factor, an owner's promptfoo reproducer of an AI finding with its detached JWS (docs/PRODUCT.md#measured-ai-findings).
import { uuidSchema } from "@/lib/validation/common";
import { reproducerDownloadSchema } from "@/features/findings/validation";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { parseJson } from "@/server/core/handler";
import { assertClientOwner } from "@/server/core/actor";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { withClient } from "@/features/identity/server";
import { buildReproducer } from "@/features/findings/server";

export const dynamic = "force-dynamic";

// The payloads may be harmful text: an owner only (refused before the proof is asked), and each
// download asks for the same fresh proof as the report vault's. Small files, answered in the body.
export const POST = withClient(async (request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", "Finding not found");
  assertClientOwner(actor);
  const proof = await parseJson(request, reproducerDownloadSchema);
  await confirmFreshSecondFactor(getDb(), request.headers, proof);
  const reproducer = await buildReproducer(getDb(), { actor, findingId: params.id as string });
  return Response.json({ success: true, ...reproducer }, { headers: { "Cache-Control": "private, no-store" } });
});
