import "server-only";
import type { DbOrTx } from "@/server/core/db/client";
import { ssoDomains } from "@/features/sso/server/schema";
import { seedOidcProvider } from "@/features/sso/server";
import { DEMO_CLIENTS, DEMO_USERS } from "./demo-data";
import {
  DEMO_SSO_CLIENT_ID,
  DEMO_SSO_CLIENT_SECRET,
  DEMO_SSO_DOMAIN,
  DEMO_SSO_DOMAIN_TOKEN,
  DEMO_SSO_IDP_URL,
  demoOidcEndpoints,
} from "./demo-sso-constants";

// Acme's single sign-on: acme.example verified, the local test identity provider (`npm run
// dev:fakes`) set up and tested, "allowed" with newcomers made members, so dana@acme.example can
// sign in through it from the login page. Without the provider running, the sign-in fails at
// the provider, as it would for a company whose identity provider is down.
export async function seedDemoSso(tx: DbOrTx): Promise<void> {
  await tx.insert(ssoDomains).values({
    clientId: DEMO_CLIENTS.acme.id,
    domain: DEMO_SSO_DOMAIN,
    token: DEMO_SSO_DOMAIN_TOKEN,
    verifiedAt: new Date(),
    createdByName: DEMO_USERS.acme.name,
  });
  await seedOidcProvider(
    tx,
    { clientId: DEMO_CLIENTS.acme.id, userId: DEMO_USERS.acme.id, testedByName: DEMO_USERS.acme.name, testedAs: "dana@acme.example" },
    {
      issuer: DEMO_SSO_IDP_URL,
      clientId: DEMO_SSO_CLIENT_ID,
      clientSecret: DEMO_SSO_CLIENT_SECRET,
      ...demoOidcEndpoints(DEMO_SSO_IDP_URL),
    },
  );
}
