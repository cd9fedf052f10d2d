import type { Metadata } from "next";
import { ClientLoginForm } from "@/features/account/components/sign-in/client-login-form";

export const metadata: Metadata = { title: "Client Portal", robots: { index: false } };

// The signed-out /client-portal, prerendered: src/proxy.ts serves it in place of /client-portal to a
// request without a session cookie (nothing to look up, so nothing to render per request), and
// sends a direct visit here to /client-portal (bench/README.md, "What keeps the path fast").
export default function ClientLoginPage() {
  return <ClientLoginForm />;
}
