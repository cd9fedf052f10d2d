import type { Metadata } from "next";
import { connection } from "next/server";
import { ResetPasswordView } from "@/features/account/components/sign-in/reset-password-view";
import { invitedUserOf, resetLinkState } from "@/features/identity/server";
import { getInvitationContext } from "@/features/clients/server";
import { getDb } from "@/server/core/get-db";

// The token is in the address: never send it on to another site in a Referer header.
export const metadata: Metadata = { title: "Reset Password", robots: { index: false }, referrer: "no-referrer" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Links from reset mails (?token=...) and client invitations (?token=...&invite=1). The token is
// checked here, on the server, so a missing, used or expired link says so before anyone types.
export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const invite = params.invite === "1";
  const state = await resetLinkState(token);
  // A usable invitation names whom it is for: the person, the company and who invited them.
  const userId = invite && state === "valid" ? await invitedUserOf(token) : null;
  const invitation = userId ? await getInvitationContext(getDb(), { userId }) : null;
  return <ResetPasswordView token={state === "valid" ? token : ""} linkState={state} invite={invite} invitation={invitation} />;
}
