// The demo's single sign-on (docs/PRODUCT.md#single-sign-on): Acme proved acme.example and uses the
// local test identity provider that `npm run dev:fakes` starts (tools/test-idp), in "allowed" mode
// with newcomers made members. No "server-only": the provider's CLI reads these too.

export const DEMO_SSO_DOMAIN = "acme.example";
/** Acme's client id (demo-data.ts), which names its provider's redirect URI. */
export const DEMO_SSO_COMPANY_ID = "00000000-0000-4000-8000-00000000a001";
/** The TXT value the seed's verified domain carries (what the local DNS server answers). */
export const DEMO_SSO_DOMAIN_TOKEN = "demo-acme-example-verification-token";
export const DEMO_SSO_IDP_URL = "http://127.0.0.1:4050";
export const DEMO_SSO_CLIENT_ID = "sentinel-demo-portal";
export const DEMO_SSO_CLIENT_SECRET = "demo-oidc-client-secret-for-the-local-test-idp-only";
/** The local DNS server dev:fakes starts: SSO_DNS_SERVERS=127.0.0.1:4053 lets new domains be verified against it. */
export const DEMO_SSO_DNS_PORT = 4053;

/** Who can sign in at the local identity provider: a newcomer of Acme's domain, and Acme's owner (whose address is not on it). */
export const DEMO_SSO_PEOPLE = [
  { sub: "dana-whitfield", email: "dana@acme.example", name: "Dana Whitfield" },
  { sub: "acme-owner", email: "client@example.com", name: "Jordan Lee" },
] as const;

/** The endpoints oidc-provider serves under its issuer (what discovery would have stored). */
export const demoOidcEndpoints = (issuer: string) => ({
  discoveryEndpoint: `${issuer}/.well-known/openid-configuration`,
  authorizationEndpoint: `${issuer}/auth`,
  tokenEndpoint: `${issuer}/token`,
  jwksEndpoint: `${issuer}/jwks`,
  userInfoEndpoint: `${issuer}/me`,
  tokenEndpointAuthentication: "client_secret_basic" as const,
});
