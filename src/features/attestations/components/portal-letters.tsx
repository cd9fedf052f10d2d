"use client";

import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { useChange } from "@/components/ui/use-change";
import { formatDate } from "@/lib/format";
import { setLetterNameDisplayAction } from "@/features/attestations/actions/portal";
import type { LetterRow } from "@/features/attestations/server";
import { LetterStateBadge } from "./letter-state-badge";

/**
 * An engagement's attestation letters in the portal (docs/PRODUCT.md#verifying-a-letter): each
 * with its state, its public address to hand to an auditor, its PDF and how many times it was
 * checked; for an owner (`anonymous` not null), whether the letters name the company.
 */
export function PortalLetters({ letters, anonymous }: { letters: LetterRow[]; anonymous: boolean | null }) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <BadgeCheck className="h-5 w-5 text-accent" aria-hidden />
        Attestation letter
      </h2>
      {letters.length === 0 ? (
        <p className="text-sm text-muted">No attestation letter for this project yet. The firm issues one once the report is published.</p>
      ) : (
        <ul className="space-y-3">
          {letters.map((letter) => (
            <li key={letter.id} className="min-w-0 space-y-1 text-sm" data-testid="attestation-letter">
              <div className="flex flex-wrap items-center gap-2">
                <LetterStateBadge state={letter.state} />
                <span className="font-mono">{letter.verifyUrl.split("/").at(-1)}</span>
                <span className="text-muted">issued {formatDate(letter.issuedAt)}</span>
              </div>
              <a href={letter.verifyUrl} className="block break-all text-accent underline underline-offset-2">
                {letter.verifyUrl}
              </a>
              <p className="text-xs text-muted">
                Checked {letter.verifications} {letter.verifications === 1 ? "time" : "times"} ·{" "}
                <a href={`/api/client/attestations/${letter.id}/pdf`} className="text-accent underline underline-offset-2">
                  Download PDF
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted">
        Share the letter or its address: anyone can check it there, without signing in. Nothing about who checks is recorded.
      </p>
      {anonymous === null ? null : <NameDisplay anonymous={anonymous} />}
    </Card>
  );
}

function NameDisplay({ anonymous }: { anonymous: boolean }) {
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const { isBusy, run } = useChange((text, tone) => setMessage({ text, tone }));
  const choose = (next: boolean) =>
    run("name", () => setLetterNameDisplayAction({ anonymous: next }), {
      done: () => (next ? 'New letters will say "a client of" the firm.' : "New letters will name your company."),
    });
  return (
    <fieldset className="space-y-1 border-t border-border pt-3 text-sm">
      <legend className="font-medium">On the public page, letters name</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name="letter-name" checked={!anonymous} disabled={isBusy} onChange={() => choose(false)} />
        Our company
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name="letter-name" checked={anonymous} disabled={isBusy} onChange={() => choose(true)} />
        &quot;A client of&quot; the firm
      </label>
      <p className="text-xs text-muted">
        Applies to letters issued from now on; ask the firm for a new letter to change one already issued.
      </p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </fieldset>
  );
}
