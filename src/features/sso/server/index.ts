import "server-only";

// The sso slice's door (README.md): a company's single sign-on, set up by its owners.
export { addSsoDomain, DOMAIN_TAKEN, removeSsoDomain, type SsoActor, type SsoDomainView, verifySsoDomain } from "./domains";
export { moveOidcProvider, providerIdOf, redirectUriOf, saveOidcProvider, seedOidcProvider, type StoredOidcConfig } from "./oidc-provider";
export { acsUrlOf, saveSamlProvider, type SamlProviderView, spEntityIdOf } from "./saml-provider";
export { loadSsoSettings, setSsoPolicy, type SsoSettingsView } from "./settings";
export { type AdminSsoView, ssoStateForAdmin, switchSsoOffAsFirm } from "./firm";
// What identity's sign-in reads of single sign-on (its SsoPort, handed over at start: src/identity-ports.ts).
export { ssoIdentityPort } from "./identity-port";
