import "server-only";
// The portal module's public face: everything outside src/server/modules/portal imports from here (README.md).

export { loadPortalSection, type PortalDataOf, type PortalSectionData } from "./portal-load";
