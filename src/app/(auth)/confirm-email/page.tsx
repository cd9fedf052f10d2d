import type { Metadata } from "next";
import { connection } from "next/server";
import { ConfirmEmailView } from "@/features/account/components/sign-in/confirm-email-view";
import { emailChangeState } from "@/features/identity/server";

// The token is in the address: never send it on to another site in a Referer header.
export const metadata: Metadata = { title: "Confirm E-mail", robots: { index: false }, referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The link mailed to a new sign-in address (docs/PRODUCT.md#portal-settings): checked here, on the
// server, so a used or expired link says so at once; the change itself waits for Confirm.
export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const state = await emailChangeState(token);
  return <ConfirmEmailView token={state ? token : ""} newEmail={state?.newEmail ?? null} />;
}
