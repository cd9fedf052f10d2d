"use client";

import { GitBranch } from "lucide-react";
import { useState } from "react";
import { OutcomeMessage, outcomeKindOf } from "@/components/ui/outcome-message";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { DemoServiceBadge } from "@/components/ui/demo-service-badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { useChange } from "@/components/ui/use-change";
import { FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { TRACKER_KIND_LABELS, TRACKER_STATE_LABELS, TRACKER_STATE_TONES, trackerSite } from "@/lib/domain/tracker";
import { removeTrackerConnectionAction, testTrackerConnectionAction } from "@/features/trackers/actions/portal";
import type { TrackerConnectionRow } from "@/features/trackers/server";
import { ConnectGitHubDialog, ConnectGitLabDialog, ConnectJiraDialog } from "./connect-dialogs";
import { MappingDialog } from "./mapping-dialog";

/** The card's one message: `about` names the connection whose button was pressed, shown in its row (and gone with it). */
type Message = { text: string; tone: "success" | "error"; about?: string } | null;

/**
 * The company's ticket systems (docs/PRODUCT.md#integrations): owners only. Each connection's
 * repository or project, state (with the tracker's own words when it refuses) and last sync;
 * connecting GitHub or GitLab after a fresh proof (the webhook's address and secret shown once); testing; removing.
 */
export function TrackersCard({ connections, readOnly }: { connections: TrackerConnectionRow[]; readOnly: boolean }) {
  const [connecting, setConnecting] = useState<"github" | "gitlab" | "jira" | null>(null);
  const [removing, setRemoving] = useState<TrackerConnectionRow | null>(null);
  const [mapping, setMapping] = useState<TrackerConnectionRow | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const { isBusy, running, run } = useChange((text, tone, key) => setMessage({ text, tone, about: key?.split(":")[1] }));
  const shown = (about?: string) =>
    message && message.about === about ? (
      <OutcomeMessage kind={outcomeKindOf(message.tone)} className={about ? "basis-full" : "mt-4"}>
        {message.text}
      </OutcomeMessage>
    ) : null;
  return (
    <Card className="max-w-2xl" role="region" aria-labelledby="trackers-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="trackers-heading" className="flex items-center gap-2 text-lg font-semibold">
            <GitBranch className="h-5 w-5 text-accent" aria-hidden /> Integrations
          </h2>
          <p className="mt-1 text-sm text-muted">
            File findings as tickets in your own GitHub repository, GitLab project or Jira project; a ticket closed there asks us for a
            retest.
          </p>
        </div>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setConnecting("github")}>
              Connect GitHub
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConnecting("gitlab")}>
              Connect GitLab
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConnecting("jira")}>
              Connect Jira
            </Button>
          </div>
        )}
      </div>
      {shown()}
      {connections.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No ticket system connected yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-800" aria-label="Connections">
          {connections.map((connection) => {
            // The accessible names of a row's buttons carry the site and state too, so two rows with one name differ.
            const named = `${connection.target} on ${trackerSite(connection.baseUrl)} (${TRACKER_STATE_LABELS[connection.state]})`;
            return (
              <li key={connection.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-words">
                    {TRACKER_KIND_LABELS[connection.kind]} · <span className="font-mono">{connection.target}</span>{" "}
                    <span className="font-normal text-muted">on {trackerSite(connection.baseUrl)}</span>{" "}
                    {connection.demo === "absent" ? null : (
                      <StatusBadge
                        value={connection.state}
                        label={TRACKER_STATE_LABELS[connection.state]}
                        tone={TRACKER_STATE_TONES[connection.state]}
                      />
                    )}
                    <DemoServiceBadge mark={connection.demo} />
                  </p>
                  {connection.stateMessage && connection.demo !== "absent" ? (
                    <p className="text-amber-300 break-words">{connection.stateMessage}</p>
                  ) : null}
                  <p className="text-muted">
                    {connection.demo === "absent" ? "Set up by" : "Connected by"} {connection.createdByName}
                    {connection.lastSyncAt ? (
                      <>
                        {" "}
                        · last sync <RelativeTime value={connection.lastSyncAt} />
                      </>
                    ) : null}
                  </p>
                  <p className="text-muted">
                    {connection.mapping.createMode === "automatic"
                      ? `Files findings from ${FINDING_SEVERITY_LABELS[connection.mapping.minSeverity]} up as they are published.`
                      : "Files a finding when someone asks."}
                  </p>
                </div>
                {readOnly ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={isBusy}
                      aria-label={`Test connection to ${named}`}
                      onClick={() =>
                        run(`test:${connection.id}`, () => testTrackerConnectionAction({ connectionId: connection.id }), {
                          done: (result) =>
                            result.state === "connected"
                              ? `${connection.target}: connected.`
                              : { kind: "refusal", text: `${connection.target}: ${result.message ?? "failing"}` },
                        })
                      }
                    >
                      {running === `test:${connection.id}` ? "Testing..." : "Test connection"}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Ticket settings for ${named}`}
                      onClick={() => setMapping(connection)}
                    >
                      Ticket settings
                    </Button>
                    <Button variant="ghost" size="sm" aria-label={`Remove ${named}`} onClick={() => setRemoving(connection)}>
                      Remove
                    </Button>
                  </div>
                )}
                {shown(connection.id)}
              </li>
            );
          })}
        </ul>
      )}
      {connecting === "github" ? <ConnectGitHubDialog onClose={() => setConnecting(null)} /> : null}
      {connecting === "gitlab" ? <ConnectGitLabDialog onClose={() => setConnecting(null)} /> : null}
      {connecting === "jira" ? <ConnectJiraDialog onClose={() => setConnecting(null)} /> : null}
      {mapping ? (
        <MappingDialog
          connection={mapping}
          onClose={() => setMapping(null)}
          onSaved={(text) => {
            setMapping(null);
            setMessage({ text, tone: "success", about: mapping.id });
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title="Remove this connection?"
          description={`Findings are no longer filed in ${removing.target} on ${trackerSite(removing.baseUrl)}; its tickets stay there.`}
          confirmLabel="Remove connection"
          busyLabel="Removing..."
          send={() => removeTrackerConnectionAction({ connectionId: removing.id })}
          onClose={() => setRemoving(null)}
          onDone={() => setRemoving(null)}
        />
      ) : null}
    </Card>
  );
}
