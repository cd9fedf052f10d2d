import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import { findProject } from "@/features/projects/server";
import { queueWebhookEvent } from "@/features/webhooks/server";

// The authorization's webhook events (docs/PRODUCT.md#api-and-webhooks): a version sent to the
// company's owners, and a signature added (the client's owner, then the firm's counter-signature
// that lets testing start). Ids only; a chat gets the engagement's name.

type Version = { id: string; clientId: string; projectId: string; version: number };

export async function queueAuthorizationEvent(
  tx: DbOrTx,
  version: Version,
  event: { type: "authorization.sent" } | { type: "authorization.signed"; side: "client" | "firm" },
): Promise<void> {
  const project = await findProject(tx, version.projectId);
  const engagement = project?.projectName ?? "an engagement";
  const data = { authorizationId: version.id, projectId: version.projectId, version: version.version };
  const chatText =
    event.type === "authorization.sent"
      ? `Authorization to sign: ${engagement} (version ${version.version})`
      : event.side === "client"
        ? `Authorization signed by your company: ${engagement} (version ${version.version})`
        : `Authorization counter-signed, testing may start: ${engagement} (version ${version.version})`;
  await queueWebhookEvent(tx, {
    clientId: version.clientId,
    type: event.type,
    data: event.type === "authorization.signed" ? { ...data, side: event.side } : data,
    chatText,
    portalPath: `/client-portal?section=projects&project=${version.projectId}`,
  });
}
