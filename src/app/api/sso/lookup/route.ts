// GET /api/sso/lookup?email=: which way the client login's typed address signs in (its domain's
// single sign-on, or a password), asked as it is typed (docs/PRODUCT.md#single-sign-on). A read,
// so a route handler: a server action would queue the person's Login behind it.
import { NextResponse } from "next/server";
import { getDb } from "@/server/core/get-db";
import { parseInput, withPublic } from "@/server/core/handler";
import { limitSsoLookups, ssoRouteFor } from "@/features/identity/server";
import { ssoEmailSchema } from "@/features/identity/validation/sign-in";

export const dynamic = "force-dynamic";

export const GET = withPublic(async (request) => {
  const { email } = parseInput(ssoEmailSchema, { email: new URL(request.url).searchParams.get("email") ?? "" });
  await limitSsoLookups(getDb(), request.headers);
  return NextResponse.json({ success: true, ...(await ssoRouteFor(getDb(), email)) }, { headers: { "cache-control": "no-store" } });
});
