"use client";

import { useRouter } from "next/navigation";
import { signInAdminAction } from "@/features/identity/actions/sign-in";
import { PasswordSignIn } from "./password-sign-in";
import { useSignIn } from "./use-sign-in";

export function AdminLoginForm() {
  const router = useRouter();
  const signIn = useSignIn(
    () => import("@/features/identity/validation/sign-in").then((m) => m.adminLoginSchema),
    { email: "", password: "" },
    signInAdminAction,
    (to) => router.replace(to),
  );
  return (
    <PasswordSignIn
      area="admin"
      signIn={signIn}
      idPrefix="admin"
      emailLabel="Admin Email"
      emailPlaceholder="admin@company.com"
      submitLabel="Sign In"
      busyLabel="Signing in..."
    />
  );
}
