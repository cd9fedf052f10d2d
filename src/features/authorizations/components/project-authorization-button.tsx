"use client";

import { useState } from "react";
import { RowDialog } from "@/components/admin/row-dialog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { OutcomeScope, SlotMessage, useOutcomeSlot } from "@/components/ui/outcome-scope";
import { useChange } from "@/components/ui/use-change";
import { formatDateTime } from "@/lib/format";
import { sendAuthorizationAction } from "@/features/authorizations/actions/admin";
import type { AdminProjectAuthorization, AuthorizationVersion } from "@/features/authorizations/server";
import { AuthorizationDocument, AuthorizationSignatures, AuthorizationStateBadge, EarlierVersions } from "./authorization-document";
import { AuthorizationDraftForm } from "./authorization-draft-form";
import { SignatureForm } from "./signature-form";

const LOAD_FAILED = "The authorization could not be loaded.";
const pdfUrl = (id: string) => `/api/admin/authorizations/${id}/pdf`;
type Project = { id: string; projectName: string };

/**
 * An engagement's testing authorization for the admin (docs/PRODUCT.md#engagement-authorization):
 * its dialog, opened from the row menu in the projects table: why testing is held back, the draft to edit and
 * send, the counter-signature once the client signed, the sealed PDF, and the earlier versions.
 */
export function ProjectAuthorizationDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  return (
    <RowDialog
      title={`Authorization of ${project.projectName}`}
      url={`/api/admin/authorizations?projectId=${encodeURIComponent(project.id)}`}
      pick={({ authorization }: { authorization: AdminProjectAuthorization }) => authorization}
      loadFailed={LOAD_FAILED}
      loadingLabel="Loading the authorization"
      width="3xl"
      onClose={onClose}
    >
      {(data, { reload }) =>
        data ? (
          // One message for the dialog's buttons, shown next to the one pressed (the dialog scrolls).
          <OutcomeScope>
            <AuthorizationPanel data={data} onChanged={reload} />
          </OutcomeScope>
        ) : null
      }
    </RowDialog>
  );
}

function AuthorizationPanel({ data, onChanged }: { data: AdminProjectAuthorization; onChanged: () => void }) {
  const [newest, ...older] = data.versions;
  const [editing, setEditing] = useState(false);
  const sending = useOutcomeSlot("send");
  const signing = useOutcomeSlot("sign");
  const { isBusy, running, run } = useChange(sending.notify);
  const saved = ({ version }: { version: number }) => {
    setEditing(false);
    onChanged();
    return `Saved version ${version} as a draft.`;
  };
  const send = (version: AuthorizationVersion) =>
    run("send", () => sendAuthorizationAction({ authorizationId: version.id }), {
      refresh: false,
      done: () => {
        onChanged();
        return `Sent version ${version.version} to the client to sign.`;
      },
    });

  return (
    <div className="space-y-4">
      <Standing data={data} />
      {newest ? (
        <section aria-labelledby="authorization-newest" className="space-y-3">
          <h3 id="authorization-newest" className="flex flex-wrap items-center gap-2 font-semibold">
            Version {newest.version} <AuthorizationStateBadge state={newest.state} />
            {newest.sentAt ? <span className="text-xs font-normal text-muted">sent {formatDateTime(newest.sentAt)}</span> : null}
          </h3>
          {newest.state === "Draft" ? (
            <>
              <AuthorizationDraftForm
                key={`${newest.id}-draft`}
                projectId={data.project.id}
                start={newest.content}
                submitLabel="Save draft"
                onSaved={saved}
              />
              <div className="border-t border-border pt-3">
                <p className="mb-2 text-xs text-muted">Sending fixes the text and its hash: from then on it is what both sides sign.</p>
                <Button variant="secondary" disabled={isBusy} onClick={() => send(newest)}>
                  {running === "send" ? "Sending..." : "Send to sign"}
                </Button>
                <SlotMessage outcome={sending.outcome} className="mt-2" />
              </div>
            </>
          ) : (
            <>
              <AuthorizationDocument version={newest} />
              <AuthorizationSignatures version={newest} />
              {newest.state === "Sent" ? <p className="text-sm text-muted">Waiting for an owner of the client to sign.</p> : null}
              {newest.state === "Altered" ? (
                <p className="text-sm text-danger">
                  Altered: this version&apos;s text no longer matches the document hash it was sent with. It is not used as signed and not
                  sealed; make a new version.
                </p>
              ) : null}
              {newest.state === "Signed by Client" && newest.documentHash ? (
                <SignatureForm
                  url={`/api/admin/authorizations/${newest.id}/countersign`}
                  documentHash={newest.documentHash}
                  side="firm"
                  notify={signing.notify}
                  done={({ sealed }) => {
                    onChanged();
                    return sealed
                      ? `Counter-signed version ${newest.version}. The sealed PDF is ready.`
                      : `Counter-signed version ${newest.version}. The sealed PDF is made at its first download.`;
                  }}
                />
              ) : null}
              <SlotMessage outcome={sending.outcome ?? signing.outcome} />
              <div className="flex flex-wrap items-center gap-3">
                {newest.state === "Signed" ? (
                  <a href={pdfUrl(newest.id)} className="text-sm text-accent underline underline-offset-2">
                    Download the sealed PDF (version {newest.version})
                  </a>
                ) : null}
                {editing ? null : (
                  <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                    Edit as version {newest.version + 1}
                  </Button>
                )}
              </div>
              {editing ? (
                <AuthorizationDraftForm
                  key={`${newest.id}-next`}
                  projectId={data.project.id}
                  start={newest.content}
                  submitLabel={`Save as version ${newest.version + 1}`}
                  onSaved={saved}
                />
              ) : null}
            </>
          )}
        </section>
      ) : (
        <section aria-labelledby="authorization-first" className="space-y-3">
          <h3 id="authorization-first" className="font-semibold">
            Draft the authorization
          </h3>
          <AuthorizationDraftForm projectId={data.project.id} start={data.draftStart} submitLabel="Save draft" onSaved={saved} />
        </section>
      )}
      {older.length > 0 ? (
        <section aria-labelledby="authorization-older" className="border-t border-border pt-3">
          <h3 id="authorization-older" className="text-sm font-semibold">
            Earlier versions
          </h3>
          <EarlierVersions versions={older} pdfUrl={pdfUrl} />
        </section>
      ) : null}
    </div>
  );
}

/** Whether the engagement may be tested: the server's reason when it is held back. */
function Standing({ data }: { data: AdminProjectAuthorization }) {
  if (!data.project.authorizationRequired)
    return <p className="text-sm text-muted">This engagement was created before authorizations: testing is not held back by one.</p>;
  if (data.blocker) return <Alert tone="info">Testing is held back. {data.blocker}</Alert>;
  return <Alert tone="success">Signed by both sides and the window has begun: testing may start.</Alert>;
}
