"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import type { FindingOwnerInput } from "@/features/findings/validation";

/**
 * Names a person of the finding's company as its remediation owner (docs/PRODUCT.md#portal-findings);
 * `assign` is the side's server action (the portal owner's or the admin's).
 */
export function FindingOwnerForm({
  findingId,
  ownerUserId,
  people,
  assign,
}: {
  findingId: string;
  ownerUserId: string | null;
  people: { userId: string; name: string; email: string }[];
  assign: (input: FindingOwnerInput) => Promise<ChangeResult<unknown>>;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(ownerUserId ?? "");
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error" } | null>(null);
  const { isBusy, running, run } = useChange<"owner">((text, tone) => setMessage({ text, tone }));
  return (
    <form
      className="space-y-3"
      aria-label="Remediation owner"
      onSubmit={(event) => {
        event.preventDefault();
        run("owner", () => assign({ findingId, ownerUserId: chosen || null }), {
          done: () => (chosen ? "Remediation owner named" : "Remediation owner removed"),
        });
      }}
    >
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex flex-wrap items-end gap-2">
        <Field id={id} label="Remediation owner" className="min-w-0 flex-1 basis-48">
          <Select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">No owner</option>
            {people.map((p) => (
              <option key={p.userId} value={p.userId}>
                {p.name ? `${p.name} (${p.email})` : p.email}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary" disabled={isBusy || chosen === (ownerUserId ?? "")}>
          {running === "owner" ? "Saving..." : "Save owner"}
        </Button>
      </div>
    </form>
  );
}
