import type { Metadata } from "next";
import { connection } from "next/server";
import { ForgotPasswordForm } from "@/features/account/components/sign-in/forgot-password-form";

export const metadata: Metadata = { title: "Forgot Password", robots: { index: false } };

// Rendered per request: its scripts carry the request's CSP nonce (src/proxy.ts).
export default async function ForgotPasswordPage() {
  await connection();
  return <ForgotPasswordForm />;
}
