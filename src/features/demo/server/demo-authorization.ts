import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import {
  type AuthorizationContent,
  engagementAuthorizations,
  engagementAuthorizationSignatures,
} from "@/features/authorizations/server/schema";
import { projects } from "@/features/projects/server/schema";
import { eq } from "drizzle-orm";
import { documentHashOf } from "@/features/authorizations/server";
import { DEFAULT_AUTHORIZATION_TERMS } from "@/lib/domain/authorization-terms";
import { siteConfig } from "@/config/site";
import { DEMO_CLIENTS, DEMO_PROJECTS, DEMO_USERS } from "./demo-data";

// Acme's LLM Gateway engagement, authorised by both sides before testing began
// (docs/PRODUCT.md#engagement-authorization). Its sealed PDF is made at the first download, with
// the signing key of the instance that serves it.

export const DEMO_AUTHORIZATION_ID = "00000000-0000-4000-8000-0000000ea001";
const gateway = DEMO_PROJECTS[0];

// The window stays open for a while after the demo is seeded (a fixed end date would close the demo
// engagement's testing gate, and the tests' seeded copy of it, one day), but never ends before the
// engagement's target date.
const IN_120_DAYS = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
export const DEMO_AUTHORIZATION_WINDOW = { start: "2026-09-01", end: IN_120_DAYS > "2026-12-15" ? IN_120_DAYS : "2026-12-15" };

const content: AuthorizationContent = {
  inScope: [
    "https://gateway.acme-robotics.example (the customer-facing LLM gateway)",
    "POST /v1/chat and /v1/embeddings of the gateway API",
  ],
  outOfScope: ["Acme's production robot fleet", "Third-party model providers' own infrastructure"],
  windowStart: DEMO_AUTHORIZATION_WINDOW.start,
  windowEnd: DEMO_AUTHORIZATION_WINDOW.end,
  testers: ["Avery Admin"],
  emergencyContacts: ["Jordan Lee, +1 (415) 555-0134, client@example.com"],
  price: "Fixed fee as quoted on 2026-08-20",
  terms: DEFAULT_AUTHORIZATION_TERMS,
  parties: { firm: siteConfig.name, client: DEMO_CLIENTS.acme.company, engagement: gateway.projectName },
};

export async function seedDemoAuthorization(tx: DbOrTx) {
  const documentHash = documentHashOf({ projectId: gateway.id, version: 1, content });
  await tx.update(projects).set({ authorizationRequired: true }).where(eq(projects.id, gateway.id));
  await tx.insert(engagementAuthorizations).values({
    id: DEMO_AUTHORIZATION_ID,
    clientId: DEMO_CLIENTS.acme.id,
    projectId: gateway.id,
    version: 1,
    content,
    documentHash,
    sentAt: new Date("2026-08-25T14:00:00Z"),
    createdAt: new Date("2026-08-25T13:30:00Z"),
  });
  await tx.insert(engagementAuthorizationSignatures).values([
    {
      authorizationId: DEMO_AUTHORIZATION_ID,
      side: "client",
      userId: DEMO_USERS.acme.id,
      signerName: DEMO_USERS.acme.name,
      signerEmail: DEMO_USERS.acme.email,
      method: "password",
      signedAt: new Date("2026-08-27T16:12:00Z"),
      clientAddress: "203.0.113.24",
      documentHash,
    },
    {
      authorizationId: DEMO_AUTHORIZATION_ID,
      side: "firm",
      userId: DEMO_USERS.admin.id,
      signerName: DEMO_USERS.admin.name,
      signerEmail: DEMO_USERS.admin.email,
      method: "password",
      signedAt: new Date("2026-08-28T09:05:00Z"),
      clientAddress: "198.51.100.7",
      documentHash,
    },
  ]);
}
