// /api/notifications/unsubscribe?token=: the signed List-Unsubscribe address (RFC 8058 one-click POST; GET shows the page).
import { NextResponse } from "next/server";
import { unsubscribeTokenSchema } from "@/features/notifications/validation";
import { serverEnv } from "@/server/core/env";
import { getDb } from "@/server/core/get-db";
import { parseInput, withPublic } from "@/server/core/handler";
import { unsubscribeWithToken } from "@/features/notifications/server";

const tokenOf = (request: Request) =>
  parseInput(unsubscribeTokenSchema, { token: new URL(request.url).searchParams.get("token") ?? "" }).token;

// A mail client POSTs "List-Unsubscribe=One-Click" here without any session. The body carries
// nothing we need (the signed token is in the address), so it is not read. The page's own form
// (a browser navigation) is sent back to the page to show the outcome.
export const POST = withPublic(async (request) => {
  const token = tokenOf(request);
  const result = await unsubscribeWithToken(getDb(), token);
  if (request.headers.get("sec-fetch-dest") === "document") {
    return NextResponse.redirect(`${serverEnv().appUrl}/unsubscribe?token=${encodeURIComponent(token)}&done=1`, 303);
  }
  return NextResponse.json({ success: true, category: result.category });
});

// Opening the address in a browser never changes anything (link scanners open links): it shows
// the page that asks first.
export const GET = withPublic(async (request) => {
  const token = tokenOf(request);
  return NextResponse.redirect(`${serverEnv().appUrl}/unsubscribe?token=${encodeURIComponent(token)}`, 303);
});
