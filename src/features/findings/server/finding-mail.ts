import "server-only";
import { FINDING_SEVERITY_LABELS, FINDING_STATUS_LABELS, type FindingSeverity, type RetestResult } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import type { DbOrTx } from "@/server/core/db/client";
import {
  appLink,
  clientRecipients,
  notifyAdmins,
  notifyClient,
  notifyClientOwners,
  notifyClientsBulk,
  notifyUsers,
} from "@/features/notifications/server";

// The findings' mails (docs/PRODUCT.md#notifications). Each is keyed by its event, so a repeat
// queues nothing more. A mail names the finding and links to it; the details stay behind the sign-in.

const portalFinding = (id: string) => appLink(`/client-portal?section=findings&finding=${encodeURIComponent(id)}`);

/** To the client: the firm published findings of an engagement (one mail per Publish). */
export async function notifyFindingsPublished(
  db: DbOrTx,
  batch: { key: string; clientId: string; engagement: string; findings: { title: string; severity: FindingSeverity }[] },
) {
  const count = batch.findings.length;
  await notifyClient(db, batch.clientId, {
    key: `findings-published:${batch.key}`,
    category: "findings",
    kind: "notify_findings_published",
    content: (company) => ({
      subject: `${count} new finding${count === 1 ? "" : "s"}: ${batch.engagement}`,
      greetingName: company,
      paragraphs: [`We published ${count} finding${count === 1 ? "" : "s"} of ${batch.engagement} in your client portal.`],
      facts: batch.findings.slice(0, 10).map((f) => [FINDING_SEVERITY_LABELS[f.severity], f.title] as [string, string]),
      action: { label: "Open your findings", url: appLink("/client-portal?section=findings") },
    }),
  });
}

/** To the client: fixed findings a new scan found again, reopened (one mail per import). */
export async function notifyFindingsReopened(
  db: DbOrTx,
  batch: { key: string; clientId: string; engagement: string; findings: { id: string; title: string }[] },
) {
  const count = batch.findings.length;
  if (count === 0) return;
  await notifyClient(db, batch.clientId, {
    key: `findings-reopened:${batch.key}`,
    category: "findings",
    kind: "notify_findings_reopened",
    content: (company) => ({
      subject: `${count} finding${count === 1 ? "" : "s"} seen again: ${batch.engagement}`,
      greetingName: company,
      paragraphs: [
        `Our latest scan of ${batch.engagement} found ${count === 1 ? "a finding" : `${count} findings`} again that ${count === 1 ? "was" : "were"} marked fixed. ${count === 1 ? "It is" : "They are"} Still Open in your client portal.`,
      ],
      facts: batch.findings.slice(0, 10).map((f) => ["Finding", f.title] as [string, string]),
      action: {
        label: count === 1 ? "Open the finding" : "Open your findings",
        url: count === 1 ? portalFinding(batch.findings[0]!.id) : appLink("/client-portal?section=findings"),
      },
    }),
  });
}

/** To the firm: a client asks for a retest. */
export async function notifyRetestRequested(
  db: DbOrTx,
  retest: { id: string; findingId: string; title: string; company: string; by: string },
) {
  await notifyAdmins(db, {
    key: `retest-requested:${retest.id}`,
    category: "admin_findings",
    kind: "notify_retest_requested",
    content: {
      subject: `Retest requested: ${retest.title}`,
      greetingName: "Admin",
      paragraphs: [`${retest.by} of ${retest.company} marked a finding fixed and asks for a retest.`],
      facts: [
        ["Finding", retest.title],
        ["Company", retest.company],
      ],
      action: { label: "Open the finding", url: appLink(`/admin/findings/${encodeURIComponent(retest.findingId)}`) },
    },
  });
}

const RESULT_TEXT: Record<RetestResult, string> = {
  verified_fixed: FINDING_STATUS_LABELS.verified_fixed,
  still_open: FINDING_STATUS_LABELS.still_open,
  // Less often than before, yet still there: the finding stays open.
  reduced: `${FINDING_STATUS_LABELS.reduced} (still open)`,
};

/** To the client: the firm recorded a retest's result. */
export async function notifyRetestResult(
  db: DbOrTx,
  retest: { id: string; clientId: string; findingId: string; title: string; result: RetestResult; rate?: string | null },
) {
  await notifyClient(db, retest.clientId, {
    key: `retest-result:${retest.id}`,
    category: "findings",
    kind: "notify_retest_result",
    content: (company) => ({
      subject: `Retest result: ${retest.title} is ${RESULT_TEXT[retest.result]}`,
      greetingName: company,
      paragraphs: [`We retested "${retest.title}": ${RESULT_TEXT[retest.result]}.`],
      facts: [["Result", RESULT_TEXT[retest.result]], ...(retest.rate ? [["Measured", retest.rate] as [string, string]] : [])],
      action: { label: "Open the finding", url: portalFinding(retest.findingId) },
    }),
  });
}

/**
 * To the clients: their risk acceptances that end soon, each sent once per acceptance and expiry
 * date (the key). One batch for the whole tick: the recipients are read once, not per finding.
 */
export async function notifyRisksExpiring(db: DbOrTx, ending: { id: string; clientId: string; title: string; riskExpiresOn: string }[]) {
  await notifyClientsBulk(
    db,
    ending.map((finding) => ({
      clientId: finding.clientId,
      event: {
        key: `risk-expiring:${finding.id}:${finding.riskExpiresOn}`,
        category: "findings" as const,
        kind: "notify_risk_expiring",
        content: (company: string) => ({
          subject: `Risk acceptance expires ${formatDate(finding.riskExpiresOn)}: ${finding.title}`,
          greetingName: company,
          paragraphs: [
            `Your company's acceptance of the risk of "${finding.title}" expires on ${formatDate(finding.riskExpiresOn)}. After that the finding is open again.`,
          ],
          action: { label: "Open the finding", url: portalFinding(finding.id) },
        }),
      },
    })),
  );
}

/**
 * To the person named a finding's remediation owner (their own preferences decide); not to a member
 * from whom the owners withheld the findings (docs/PRODUCT.md#portal-team).
 */
export async function notifyOwnerAssigned(
  db: DbOrTx,
  assignment: { eventId: string; clientId: string; userId: string; name: string; findingId: string; title: string; by: string },
) {
  const recipients = await clientRecipients(db, assignment.clientId, "findings");
  if (!recipients?.userIds.includes(assignment.userId)) return;
  await notifyUsers(db, [assignment.userId], {
    key: `finding-owner:${assignment.eventId}`,
    category: "findings",
    kind: "notify_finding_owner",
    content: {
      subject: `Assigned to you: ${assignment.title}`,
      greetingName: assignment.name,
      paragraphs: [`${assignment.by} named you the remediation owner of "${assignment.title}".`],
      action: { label: "Open the finding", url: portalFinding(assignment.findingId) },
    },
  });
}

const CLOSED_TEXT = {
  withdrawn: ["withdrawn", "withdrawn"],
  false_positive: ["closed as a false positive", "closed as false positives"],
  duplicate: ["closed as a duplicate", "closed as duplicates"],
} as const;

/**
 * To the client: the firm withdrew findings, or closed them as false positives or a duplicate
 * (one mail per change). The reason is the firm's own words, so it goes in the mail.
 */
export async function notifyFindingsClosed(
  db: DbOrTx,
  change: {
    key: string;
    clientId: string;
    engagement: string;
    outcome: keyof typeof CLOSED_TEXT;
    reason: string;
    findings: { id: string; title: string }[];
  },
) {
  const count = change.findings.length;
  const what = CLOSED_TEXT[change.outcome][count === 1 ? 0 : 1];
  const one = count === 1 ? change.findings[0]! : null;
  await notifyClient(db, change.clientId, {
    key: `findings-closed:${change.key}`,
    category: "findings",
    kind: "notify_findings_closed",
    content: (company) => ({
      subject: one ? `Finding ${what}: ${one.title}` : `${count} findings ${what}: ${change.engagement}`,
      greetingName: company,
      paragraphs: [
        `We ${what} ${one ? `"${one.title}"` : `${count} findings`} of ${change.engagement}. ${one ? "It no longer counts" : "They no longer count"} among your open findings.`,
        `Our reason: ${change.reason}`,
      ],
      facts: change.findings.slice(0, 10).map((f) => [FINDING_STATUS_LABELS[change.outcome], f.title] as [string, string]),
      action: one
        ? { label: "Open the finding", url: portalFinding(one.id) }
        : { label: "Open your findings", url: appLink("/client-portal?section=findings&closed=1") },
    }),
  });
}

/**
 * A run of the client's CI found the attack again on a fixed AI finding: the firm (to retest and
 * talk to the client) and the company's owners (whose CI it is) are mailed, once per run.
 */
export async function notifyFindingRegressed(
  db: DbOrTx,
  run: { measurementId: string; clientId: string; company: string; findingId: string; title: string; rate: string; by: string },
) {
  const facts: [string, string][] = [
    ["Finding", run.title],
    ["Measured", run.rate],
    ["Posted by", run.by],
  ];
  await notifyAdmins(db, {
    key: `finding-regressed:${run.measurementId}:firm`,
    category: "admin_findings",
    kind: "notify_finding_regressed",
    content: {
      subject: `Regressed: ${run.title}`,
      greetingName: "Admin",
      paragraphs: [`A run of ${run.company}'s CI found a fixed finding again. It is Regressed.`],
      facts: [...facts, ["Company", run.company]],
      action: { label: "Open the finding", url: appLink(`/admin/findings/${encodeURIComponent(run.findingId)}`) },
    },
  });
  await notifyClientOwners(db, run.clientId, {
    key: `finding-regressed:${run.measurementId}:owners`,
    category: "findings",
    kind: "notify_finding_regressed",
    content: (company) => ({
      subject: `Regressed: ${run.title}`,
      greetingName: company,
      paragraphs: [`A run of your CI found "${run.title}" again, which was fixed. It is Regressed in your client portal.`],
      facts,
      action: { label: "Open the finding", url: portalFinding(run.findingId) },
    }),
  });
}
