import "server-only";
import { formatHours } from "@/lib/retainer-period";
import type { DbOrTx } from "@/server/core/db/client";
import { appLink, notifyUsers } from "@/features/notifications/server";
import { activeOwnersOf } from "@/features/clients/server";

// The retainer's mails to the company's owners (docs/PRODUCT.md#retainer-hours), under the
// Invoices preference: they are about what the company will be billed. Each is keyed by its event,
// so a retried write queues nothing more.

const retainerLink = () => appLink("/client-portal?section=retainer");

type MonthFacts = { retainerId: string; clientId: string; name: string; month: string; usedMinutes: number; budgetMinutes: number };

const monthLabel = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** One mail per threshold and month: "80% of November's hours used". */
export async function mailThresholdReached(db: DbOrTx, facts: MonthFacts & { threshold: number }): Promise<void> {
  const { userIds, company } = await activeOwnersOf(db, facts.clientId);
  if (userIds.length === 0) return;
  const over = facts.threshold >= 100;
  await notifyUsers(db, userIds, {
    key: `retainer-threshold:${facts.retainerId}:${facts.month}:${facts.threshold}`,
    category: "invoices",
    kind: "notify_retainer_threshold",
    content: {
      subject: `${facts.name}: ${facts.threshold}% of ${monthLabel(facts.month)}'s hours used`,
      greetingName: company,
      paragraphs: [
        `${company} has used ${facts.threshold}% of this month's hours on ${facts.name}.`,
        over
          ? "Further billable time this month waits for an owner's approval as an overage request in your client portal."
          : "You can follow the month's burn-down in your client portal.",
      ],
      facts: [
        ["Month", monthLabel(facts.month)],
        ["Used", `${formatHours(facts.usedMinutes)} of ${formatHours(facts.budgetMinutes)}`],
      ],
      action: { label: "Open your retainer", url: retainerLink() },
    },
  });
}

/** An overage request waits for an owner. */
export async function mailOverageRequested(
  db: DbOrTx,
  facts: { requestId: string; clientId: string; name: string; minutes: number; description: string },
): Promise<void> {
  const { userIds, company } = await activeOwnersOf(db, facts.clientId);
  if (userIds.length === 0) return;
  await notifyUsers(db, userIds, {
    key: `retainer-overage:${facts.requestId}`,
    category: "invoices",
    kind: "notify_retainer_overage",
    content: {
      subject: `${facts.name}: an overage request waits for your approval`,
      greetingName: company,
      paragraphs: [
        `This month's hours on ${facts.name} are used up. The team logged more billable time, which counts only once an owner approves it.`,
      ],
      facts: [
        ["Time", formatHours(facts.minutes)],
        ["Work", facts.description],
      ],
      action: { label: "Review the request", url: retainerLink() },
    },
  });
}
