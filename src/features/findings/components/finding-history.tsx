import { FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import { formatDateTime } from "@/lib/format";
import type { FindingComment, FindingEvent } from "@/features/findings/server/findings-read";

const WHAT: Record<FindingEvent["kind"], string> = {
  created: "Created as a draft",
  published: "Published",
  status: "Changed the status",
  retest_requested: "Marked fixed and requested a retest",
  retest_result: "Recorded the retest result",
  risk_accepted: "Accepted the risk",
  risk_acknowledged: "Acknowledged the risk acceptance",
  reopened: "Reopened",
  not_seen: "Not seen in the latest full scan",
  owner_assigned: "Changed the remediation owner",
  outcome: "Set the outcome",
  withdrawn: "Withdrew the finding",
  outcome_undone: "Reopened the finding",
  measured: "Recorded a measurement",
  regressed: "A run found it again",
};

/**
 * Who acted, by their own name: on the client's side the team's people read "(our team)"; on the
 * admin's side a client's person reads with their company, "Riley Chen (Acme Corp)".
 */
const who = (name: string, role: "client" | "admin", side: "client" | "admin", company?: string) =>
  role === side ? name : role === "admin" ? `${name} (our team)` : `${name} (${company ?? "your company"})`;

/** The finding's timeline, oldest first: each step, who, when, the note (docs/PRODUCT.md#portal-findings). */
export function FindingTimeline({ events, side, company }: { events: FindingEvent[]; side: "client" | "admin"; company?: string }) {
  if (events.length === 0) return <p className="text-sm text-muted">Nothing has happened yet.</p>;
  return (
    <ol className="space-y-3 border-l border-slate-700 pl-4" aria-label="Timeline">
      {events.map((e) => (
        <li key={e.id} className="text-sm" data-testid="finding-event">
          <p>
            <span className="font-medium">{WHAT[e.kind]}</span>
            {e.toStatus && e.kind !== "risk_acknowledged" ? <span>: {FINDING_STATUS_LABELS[e.toStatus]}</span> : null}
          </p>
          <p className="text-xs text-muted">
            {who(e.actorName, e.actorRole, side, company)} · {formatDateTime(e.createdAt)}
          </p>
          {e.note ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-300">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The comment thread, oldest first, as plain text. */
export function FindingComments({ comments, side, company }: { comments: FindingComment[]; side: "client" | "admin"; company?: string }) {
  if (comments.length === 0) return <p className="text-sm text-muted">No comments yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Comments">
      {comments.map((c) => (
        <li key={c.id} className="rounded-lg border border-slate-800 p-3 text-sm">
          <p className="text-xs text-muted">
            {who(c.actorName, c.actorRole, side, company)} · {formatDateTime(c.createdAt)}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">{c.body}</p>
        </li>
      ))}
    </ul>
  );
}
