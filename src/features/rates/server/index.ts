import "server-only";
// The rates module's public face: everything outside src/features/rates/server imports from here (README.md).

export { listClientRatesForAdmin, type LockClient, replaceClientRates, startClientRates } from "./admin-rates";
export { listPortalRates, type PortalRate } from "./portal-rates";
