// GET /dev/mail/{id}: the HTML part of one outbox message, development only (404 otherwise).
import { uuidSchema } from "@/lib/validation/common";
import { getDb } from "@/server/core/get-db";
import { parseInput, withPublic } from "@/server/core/handler";
import { assertDevMailEnabled, devMailHtml } from "@/features/operations/server";

export const GET = withPublic(async (_request, { params }) => {
  assertDevMailEnabled();
  const html = await devMailHtml(getDb(), parseInput(uuidSchema, params.id));
  // Shown as the mail client would: nothing in it may run or load (sandbox, no sources).
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'",
      "cache-control": "no-store",
    },
  });
});
