// POST /api/client/findings/{id}/runs (multipart: modelVersion, file = promptfoo's results.json) → { status, regressed, rate }: an owner records a run of the finding's reproducer without an API token (docs/PRODUCT.md#measured-ai-findings).
import { uuidSchema } from "@/lib/validation/common";
import { AppError } from "@/server/core/errors";
import { getDb } from "@/server/core/get-db";
import { assertClientOwner } from "@/server/core/actor";
import { withClient } from "@/features/identity/server";
import { recordUploadedRun } from "@/features/findings/server";
import { readPromptfooRun } from "@/features/imports/server";

export const dynamic = "force-dynamic";

// Owners only, as for the reproducer the run comes from; refused before the body is read.
export const POST = withClient(async (request, { actor, params }) => {
  if (!uuidSchema.safeParse(params.id).success) throw new AppError("not_found", "Finding not found");
  assertClientOwner(actor);
  const { status, regressed, rate } = await recordUploadedRun(getDb(), {
    actor,
    findingId: params.id as string,
    request,
    readRun: readPromptfooRun,
  });
  return Response.json({ success: true, status, regressed, rate });
});
