import "server-only";
import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";

// The development mail preview (/dev/mail, docs/PRODUCT.md#notifications). It shows every
// queued body, one-time links included, so it exists only with APP_ENV=development: anywhere
// else each entry point answers 404 as if it did not exist.

export function assertDevMailEnabled(): void {
  if (!serverEnv().devTools) throw new AppError("not_found", "Not found");
}

export const isDevMailEnabled = () => serverEnv().devTools;

export type DevMail = {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  text: string;
  hasHtml: boolean;
  unsubscribeUrl: string | null;
  createdAt: string;
};

export async function listDevMail(db: DbOrTx, limit = 50): Promise<DevMail[]> {
  assertDevMailEnabled();
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      unsubscribeUrl: emailOutbox.unsubscribeUrl,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map(({ html, createdAt, ...row }) => ({ ...row, hasHtml: html !== null, createdAt: createdAt.toISOString() }));
}

export async function devMailHtml(db: DbOrTx, id: string): Promise<string> {
  assertDevMailEnabled();
  const [row] = await db.select({ html: emailOutbox.htmlBody }).from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row?.html) throw new AppError("not_found", "Not found");
  return row.html;
}
