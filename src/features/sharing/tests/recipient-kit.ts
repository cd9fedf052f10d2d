// What the sharing tests share: a recipient's requests (their cookie only, from an address of
// their own), an owner's proved session, the mailed link, the recipient's sign-in, and a PDF's
// pages as pdftotext reads them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { POST as sessionRoute } from "@/app/api/shared/session/route";
import type { Db } from "@/server/core/db/client";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { shareItems } from "@/features/sharing/server/schema";
import { APP_ORIGIN, authHeaders, nextTestIp, sessionCookie } from "@tests/integration/helpers/auth";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

export type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A recipient's request: their cookie only (no user session), from an address of its own. */
export function call(
  handler: Handler,
  path: string,
  init: { cookie?: string; json?: unknown; method?: string; params?: Record<string, string>; ip?: string } = {},
) {
  const headers = new Headers({ origin: APP_ORIGIN, "user-agent": "RecipientBrowser/1.0", "x-forwarded-for": init.ip ?? nextTestIp() });
  if (init.cookie) headers.set("cookie", `share_session=${init.cookie}`);
  let body: string | undefined;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  const request = new Request(`${APP_ORIGIN}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
  return handler(request, init.params ? { params: Promise.resolve(init.params) } : undefined);
}

/** Runs an action as the person of `cookie`. */
export async function as<T>(cookie: string, run: () => Promise<T>): Promise<T> {
  requestHeaders.current = authHeaders(cookie);
  return run();
}

export const pageTexts = (bytes: Uint8Array) => {
  const dir = mkdtempSync(join(tmpdir(), "share-"));
  writeFileSync(join(dir, "copy.pdf"), bytes);
  return execFileSync("pdftotext", ["-layout", join(dir, "copy.pdf"), "-"])
    .toString("utf8")
    .split("\f")
    .filter((page) => page.trim());
};

/** The helpers that read the test's database. */
export function recipientKit(db: () => Db) {
  /** A session of `email` whose second factor was just proved (the share action's step-up), made once. */
  function proved(email: string, password: string): () => Promise<string> {
    let cookie: Promise<string> | null = null;
    return () =>
      (cookie ??= sessionCookie(email).then(async (made) => {
        await confirmFreshSecondFactor(db(), authHeaders(made), { password });
        return made;
      }));
  }

  /** The newest link mailed to `email`, as the recipient's page posts it. */
  async function mailedToken(email: string): Promise<string> {
    const [mail] = await db()
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "share_link")))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = /\/shared\/open\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    return token!;
  }

  async function signInRecipient(email: string): Promise<string> {
    const response = await call(sessionRoute as Handler, "/api/shared/session", { json: { token: await mailedToken(email) } });
    expect(response.status).toBe(204);
    const cookie = /share_session=([^;]+);.*HttpOnly/.exec(response.headers.get("set-cookie") ?? "")?.[1];
    expect(cookie).toBeTruthy();
    return cookie!;
  }

  async function itemsOf(shareId: string) {
    return db()
      .select({ id: shareItems.id, kind: shareItems.kind, label: shareItems.label })
      .from(shareItems)
      .where(eq(shareItems.shareId, shareId));
  }

  return { proved, mailedToken, signInRecipient, itemsOf };
}
