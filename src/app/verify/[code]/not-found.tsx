import { LetterCodeForm } from "@/features/attestations/components/letter-code-form";

// An address under /verify/ that is no letter's code: a plain 404 that says so, with a box to type
// the code again (a mistyped character is the usual cause).
export default function LetterNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-mono text-sm text-accent">404</p>
      <h1 className="text-3xl font-bold">No letter has this code</h1>
      <p className="max-w-md text-muted">Check the code printed on the letter, or ask the firm that issued it.</p>
      <LetterCodeForm />
    </main>
  );
}
