import "server-only";
// The rates module's public face: everything outside src/server/modules/rates imports from here (README.md).

export { listClientRatesForAdmin, replaceClientRates, startClientRates } from "./admin-rates";
export { listPortalRates, type PortalRate } from "./portal-rates";
