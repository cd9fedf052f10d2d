import "server-only";
// The clients module's public face: everything outside src/server/modules/clients imports from here (README.md).

export { createClientWithInvitation } from "./admin-client-invitation";
export { getAdminClient, listActiveClientOptions, listAdminClients, type AdminClientRow } from "./admin-clients";
export { clientListSearch } from "./list-filters";
export { getPortalProfile, updateAccountSettings, type PortalProfile } from "./portal-profile";
