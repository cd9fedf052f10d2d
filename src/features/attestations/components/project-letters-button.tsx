"use client";

import { useId, useState } from "react";
import { RowDialog, type RowDialogTools } from "@/components/admin/row-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input, Textarea } from "@/components/ui/field";
import { useChange } from "@/components/ui/use-change";
import { formatDateTime } from "@/lib/format";
import { issueLetterAction, revokeLetterAction } from "@/features/attestations/actions/admin";
import type { LetterFormDefaults, LetterRow } from "@/features/attestations/server";
import { LetterStateBadge } from "./letter-state-badge";

const LOAD_FAILED = "The attestation letters could not be loaded.";
const DEFAULT_METHODOLOGY = "Manual testing guided by the OWASP Top 10 for LLM Applications and MITRE ATLAS, with automated scanning.";

type Loaded = { letters: LetterRow[]; defaults: LetterFormDefaults };

/**
 * An engagement's attestation letters for the admin (docs/PRODUCT.md#verifying-a-letter), opened
 * from its row menu in the projects table: issue a letter (the one before superseded), see each
 * letter's state and how often it was checked, download its PDF, revoke it after a confirmation.
 */
export function ProjectLettersDialog({ project, onClose }: { project: { id: string; projectName: string }; onClose: () => void }) {
  return (
    <RowDialog
      title={`Attestation letters of ${project.projectName}`}
      url={`/api/admin/attestations?projectId=${encodeURIComponent(project.id)}`}
      pick={({ letters, defaults }: Loaded) => ({ letters, defaults })}
      loadFailed={LOAD_FAILED}
      loadingLabel="Loading attestation letters"
      onClose={onClose}
    >
      {(data, tools) => (data ? <LettersPanel projectId={project.id} data={data} tools={tools} /> : null)}
    </RowDialog>
  );
}

function LettersPanel({ projectId, data, tools }: { projectId: string; data: Loaded; tools: RowDialogTools }) {
  const [revoking, setRevoking] = useState<LetterRow | null>(null);
  const { running, run } = useChange(tools.notify);
  const load = tools.reload;
  return (
    <>
      {data.defaults.hasPublishedReport ? (
        <IssueForm
          defaults={data.defaults}
          busy={running === "issue"}
          onIssue={(form, refused) =>
            run("issue", () => issueLetterAction({ projectId, ...form }), {
              refresh: false,
              refused,
              done: (letter) => {
                load();
                return `Issued letter ${letter.code}.`;
              },
            })
          }
          onStart={tools.clear}
        />
      ) : (
        <p className="text-sm text-muted">Publish the engagement&apos;s report before issuing an attestation letter.</p>
      )}
      <h3 className="mt-6 font-semibold">Letters</h3>
      {data.letters.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No letter yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-800 text-sm">
          {data.letters.map((letter) => (
            <li key={letter.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <LetterStateBadge state={letter.state} />
                  <a href={letter.verifyUrl} className="break-all font-mono text-accent underline underline-offset-2">
                    {letter.verifyUrl.split("/").at(-1)}
                  </a>
                </p>
                <p className="text-xs text-muted">
                  Issued {formatDateTime(letter.issuedAt)}
                  {letter.revokedAt ? ` · revoked ${formatDateTime(letter.revokedAt)}` : ""} · checked {letter.verifications}×
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={`/api/admin/attestations/${letter.id}/pdf`}
                  className="inline-flex items-center rounded-md border border-border px-3 py-1 text-xs hover:bg-surface-2"
                >
                  PDF
                </a>
                {letter.revokedAt ? null : (
                  <Button variant="secondary" size="sm" onClick={() => setRevoking(letter)}>
                    Revoke
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this letter?"
          description={`Its public page will say "Revoked by the firm" from now on. This cannot be undone.`}
          confirmLabel="Revoke letter"
          busyLabel="Revoking..."
          send={() => revokeLetterAction({ letterId: revoking.id })}
          onClose={() => setRevoking(null)}
          onDone={load}
        />
      ) : null}
    </>
  );
}

type IssueFields = { scope: string; methodology: string; testers: string; windowStart: string; windowEnd: string };

/** The issue form, mounted once the engagement's defaults are read (its fields start from them). */
function IssueForm({
  defaults,
  busy,
  onIssue,
  onStart,
}: {
  defaults: LetterFormDefaults;
  busy: boolean;
  onIssue: (form: IssueFields, refused: (refusal: { fieldErrors?: Record<string, string> }) => boolean) => void;
  onStart: () => void;
}) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [form, setForm] = useState<IssueFields>({
    scope: defaults.scope,
    methodology: DEFAULT_METHODOLOGY,
    testers: defaults.testers.join("\n"),
    windowStart: defaults.windowStart,
    windowEnd: defaults.windowEnd,
  });
  const ids = { scope: useId(), methodology: useId(), testers: useId(), start: useId(), end: useId() };
  const set = (key: keyof IssueFields) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
        setFieldErrors({});
        onIssue(form, (refusal) => {
          if (!refusal.fieldErrors) return false;
          setFieldErrors(refusal.fieldErrors);
          return true;
        });
      }}
    >
      <Field id={ids.scope} label="Scope summary" error={fieldErrors.scope}>
        <Textarea id={ids.scope} value={form.scope} maxLength={1000} rows={3} onChange={set("scope")} />
      </Field>
      <Field id={ids.testers} label="Testers" hint="One name per line." error={fieldErrors.testers}>
        <Textarea id={ids.testers} value={form.testers} rows={2} onChange={set("testers")} />
      </Field>
      <Field id={ids.methodology} label="Methodology" error={fieldErrors.methodology}>
        <Textarea id={ids.methodology} value={form.methodology} maxLength={1000} rows={2} onChange={set("methodology")} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={ids.start} label="Testing from" error={fieldErrors.windowStart}>
          <Input id={ids.start} type="date" value={form.windowStart} onChange={set("windowStart")} />
        </Field>
        <Field id={ids.end} label="Testing to" error={fieldErrors.windowEnd}>
          <Input id={ids.end} type="date" value={form.windowEnd} onChange={set("windowEnd")} />
        </Field>
      </div>
      <p className="text-xs text-muted">
        The counts by severity and the retests are read from the published findings; a new letter supersedes the one before.
      </p>
      <Button type="submit" disabled={busy}>
        {busy ? "Issuing..." : "Issue letter"}
      </Button>
    </form>
  );
}
