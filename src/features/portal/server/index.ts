import "server-only";
// The portal module's public face: everything outside src/features/portal/server imports from here (README.md).

export { loadPortalSection, type PortalDataOf, type PortalSectionData } from "./portal-load";
export { loadPortalProject, type PortalProjectView } from "./portal-project";
export { type SettingsTabData } from "./portal-settings";
