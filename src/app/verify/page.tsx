import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LetterCodeForm } from "@/features/attestations/components/letter-code-form";
import { formatLetterCode, parseLetterCode } from "@/features/attestations/server";
import { formatCopyCode, parseCopyCode } from "@/features/sharing/server";

export const metadata: Metadata = { title: "Verify an attestation letter", robots: { index: false } };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// `/verify` (docs/PRODUCT.md#verifying-a-letter): the code box's target. A code as typed (any case,
// with or without its hyphen) opens its letter's page; anything else asks again, saying why.
export default async function VerifyCodePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const typed = first((await searchParams).code)?.trim() ?? "";
  const code = typed ? parseLetterCode(typed) : null;
  if (code) redirect(`/verify/${formatLetterCode(code)}`);
  // A stamped copy shared with a third party carries a code of its own (twelve characters).
  const copyCode = typed ? parseCopyCode(typed) : null;
  if (copyCode) redirect(`/verify/${formatCopyCode(copyCode)}`);
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-3xl flex-col items-center justify-center gap-4 px-4 py-10 text-center">
      <h1 className="text-3xl font-bold">Verify an attestation letter</h1>
      <p className="max-w-md text-muted">Type the code printed on the letter, ten letters and digits, e.g. ABCDE-FGHJK.</p>
      <LetterCodeForm
        defaultValue={typed.slice(0, 40)}
        error={typed ? "That is not a letter code: ten letters and digits, as printed on the letter." : undefined}
      />
    </main>
  );
}
