// Starts the local identity provider and DNS server on their own: `npx tsx tools/test-idp/cli.ts`.
// The OpenID Provider (FAKE_IDP_PORT, default 4050) knows the demo's client (its ID and secret are
// what the demo seed stored for Acme) with Acme's redirect URI on APP_URL, and the demo's people:
// dana@acme.example (a newcomer, made a member at her first sign-in) and Acme's owner. The DNS
// server (FAKE_DNS_PORT, default 4053) answers Acme's TXT record; start the app with
// SSO_DNS_SERVERS=127.0.0.1:4053 to verify other domains against it, adding their records with
// `curl -X POST http://127.0.0.1:4050/_fake/txt -d '{"name":"_sentinel-verify.example.org","value":"sentinel-verify=…"}'`.
import {
  DEMO_SSO_CLIENT_ID,
  DEMO_SSO_CLIENT_SECRET,
  DEMO_SSO_COMPANY_ID,
  DEMO_SSO_DNS_PORT,
  DEMO_SSO_DOMAIN,
  DEMO_SSO_DOMAIN_TOKEN,
  DEMO_SSO_PEOPLE,
} from "../../src/features/demo/server/demo-sso-constants";
import { startTestDns } from "./dns";
import { startTestOidcIdp } from "./oidc";
import { startTestSamlIdp } from "./saml";

const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
const log = process.env.FAKE_IDP_LOG === "1";

const dns = await startTestDns({ port: Number(process.env.FAKE_DNS_PORT ?? DEMO_SSO_DNS_PORT), log });
dns.setTxt(`_sentinel-verify.${DEMO_SSO_DOMAIN}`, [`sentinel-verify=${DEMO_SSO_DOMAIN_TOKEN}`]);
const idp = await startTestOidcIdp({
  port: Number(process.env.FAKE_IDP_PORT ?? 4050),
  log,
  people: [...DEMO_SSO_PEOPLE],
  clients: [
    {
      clientId: DEMO_SSO_CLIENT_ID,
      clientSecret: DEMO_SSO_CLIENT_SECRET,
      redirectUris: [`${appUrl}/api/auth/sso/callback/company-${DEMO_SSO_COMPANY_ID}`],
    },
  ],
  onTxt: (name, value) => dns.setTxt(name, [value]),
});
// A SAML provider beside it, for a company set up with SAML instead (its metadata URL is all it needs).
const saml = await startTestSamlIdp({
  port: Number(process.env.FAKE_SAML_PORT ?? 4051),
  log,
  people: DEMO_SSO_PEOPLE.map((p) => ({ nameId: p.sub, email: p.email, name: p.name })),
});

console.info(`[test-idp] OpenID Provider on ${idp.issuer} (discovery: ${idp.issuer}/.well-known/openid-configuration)
  The demo's client: ${DEMO_SSO_CLIENT_ID} / ${DEMO_SSO_CLIENT_SECRET}
  People: ${DEMO_SSO_PEOPLE.map((p) => p.email).join(", ")} (pick one on its login page: no password)
  Sign in: ${appUrl}/client-login with dana@acme.example → Continue with single sign-on
[test-saml-idp] SAML identity provider, metadata URL ${saml.metadataUrl} (Settings → Single sign-on → SAML 2.0)
[test-dns] DNS (UDP) on ${dns.server}: start the app with SSO_DNS_SERVERS=${dns.server} to verify domains against it`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void Promise.all([idp.close(), saml.close(), dns.close()]).then(() => process.exit(0));
  });
}
