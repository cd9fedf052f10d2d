import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { activePeopleIdsOf, companyNameSql } from "@/features/clients/server";
import { projectFacts } from "@/features/projects/server";
import { formatDate } from "@/lib/format";
import { appLink, notifyAdmins, notifyUsers } from "@/features/notifications/server";

// Who is told that an authorization waits (docs/PRODUCT.md#engagement-authorization): the
// company's owners when it is sent (only an owner can sign; their "Projects" preference applies),
// the firm's admins when the client signed ("Signed authorizations"), and the company's people when
// the firm counter-signed ("Testing may start"; Projects). Queued in the caller's transaction,
// keyed per version, so a retry queues nothing more.

type Version = { id: string; projectId: string; version: number };

async function namesOf(db: DbOrTx, projectId: string) {
  const facts = projectFacts(db);
  const [row] = await db
    .select({ clientId: facts.clientId, company: companyNameSql(facts.clientId), engagement: facts.projectName })
    .from(facts)
    .where(eq(facts.projectId, projectId))
    .limit(1);
  return row!;
}

export async function notifyAuthorizationSent(db: DbOrTx, version: Version): Promise<void> {
  const { clientId, company, engagement } = await namesOf(db, version.projectId);
  await notifyUsers(db, await activePeopleIdsOf(db, clientId, { owners: true }), {
    key: `authorization-sent:${version.id}`,
    category: "projects",
    kind: "notify_authorization_sent",
    content: {
      subject: `Authorization to sign: ${engagement}`,
      greetingName: company,
      paragraphs: [
        `The firm sent version ${version.version} of the testing authorization for ${engagement}. Testing starts only once an owner of ${company} has signed it and the firm has counter-signed.`,
      ],
      facts: [
        ["Engagement", engagement],
        ["Version", String(version.version)],
      ],
      action: { label: "Read and sign", url: appLink(`/client-portal?section=projects&project=${version.projectId}`) },
    },
  });
}

export async function notifyAuthorizationSigned(db: DbOrTx, version: Version, signerName: string): Promise<void> {
  const { company, engagement } = await namesOf(db, version.projectId);
  await notifyAdmins(db, {
    key: `authorization-signed:${version.id}`,
    category: "admin_authorizations",
    kind: "notify_authorization_signed",
    content: {
      subject: `${company} signed the authorization: ${engagement}`,
      greetingName: "Admin",
      paragraphs: [
        `${signerName} signed version ${version.version} of the testing authorization for ${company}. It waits for your counter-signature.`,
      ],
      facts: [
        ["Client", company],
        ["Engagement", engagement],
        ["Version", String(version.version)],
      ],
      action: { label: "Counter-sign", url: appLink(`/admin/projects?q=${encodeURIComponent(engagement)}`) },
    },
  });
}

/** The firm counter-signed: the company's active people learn that testing may start, and when. */
export async function notifyAuthorizationCountersigned(
  db: DbOrTx,
  version: Version & { windowStart: string; windowEnd: string },
): Promise<void> {
  const { clientId, company, engagement } = await namesOf(db, version.projectId);
  const people = await activePeopleIdsOf(db, clientId);
  const window = `${formatDate(version.windowStart)} to ${formatDate(version.windowEnd)} (UTC)`;
  await notifyUsers(db, people, {
    key: `authorization-countersigned:${version.id}`,
    category: "projects",
    kind: "notify_authorization_countersigned",
    content: {
      subject: `Testing may start: ${engagement}`,
      greetingName: company,
      paragraphs: [
        `The firm counter-signed version ${version.version} of the testing authorization for ${engagement}. Testing may start within its window, ${window}. The sealed PDF is in the project's Authorization card.`,
      ],
      facts: [
        ["Engagement", engagement],
        ["Version", String(version.version)],
        ["Testing window", window],
      ],
      action: { label: "Open the project", url: appLink(`/client-portal?section=projects&project=${version.projectId}`) },
    },
  });
}
