import "server-only";
// The clients module's public face: everything outside src/features/clients/server imports from here (README.md).

export { createClientWithInvitation } from "./admin-client-invitation";
export { getAdminClient, listActiveClientOptions, listAdminClients, type AdminClientRow, type ClientTotalsSql } from "./admin-clients";
export { clientExportPage, clientIdsMatching, clientMatchesListSearchSql, type ClientExportRow } from "./client-export";
export {
  activeOwnersOf,
  clientCountSql,
  clientsMatchingEmailSql,
  companyAddressSql,
  companyFacts,
  companyNameSql,
  findBillingContacts,
  findCompany,
  isActiveOwnerSql,
  lockCompany,
  lockCompanyNamed,
  replaceBillingEmail,
} from "./company-refs";
export { activeOwnerEmails, activePeopleIdsOf, companyPeople } from "./company-people";
export { activePeopleOf } from "./company-people";
export { getInvitationContext, type InvitationContext } from "./invitation-context";
export { COMPANY_OWNERS_ONLY_MESSAGE, getPortalProfile, updateAccountSettings, type PortalProfile } from "./portal-profile";
export {
  changePersonRole,
  EMAIL_IN_USE_MESSAGE,
  invitePerson,
  LAST_OWNER_MESSAGE,
  listTeam,
  removePerson,
  resendInvitation,
  revokeInvitation,
  type TeamPerson,
} from "./team";
export { setBillingWithheldFromMembers, setFindingsWithheldFromMembers, setReportsWithheldFromMembers } from "./member-switches";
export {
  DELETE_REFUSED_MESSAGE,
  deleteClient,
  getAdminClientDetails,
  setClientActive,
  updateAdminClient,
  type AdminClientDetails,
} from "./admin-client-page";
// What identity reads of a company (its ClientsPort, handed over at start), and single sign-on's view of the people.
export { clientsIdentityPort } from "./identity-port";
export { holderStanding, peopleOf, personRoleSql } from "./person-refs";
export { resetClientTwoFactor, setClientTwoFactorRequirement } from "./two-factor-controls";
export { companiesForAudit } from "./audit-port";
export { type ClientsPorts, provideClientsPorts } from "./ports";
