import "server-only";
import type { AuditPorts } from "@/features/audit/server";
import { authorizationTimelineSql, awaitingSignatureSql } from "@/features/authorizations/server";
import { clientsIdentityPort, companiesForAudit } from "@/features/clients/server";
import { findingTimelineSql } from "@/features/findings/server";
import { type IdentityPorts, usersForAudit } from "@/features/identity/server";
import { messageTimelineSql } from "@/features/messages/server";
import type { ProjectsPorts } from "@/features/projects/server";
import { reportTimelineSql } from "@/features/reports/server";
import { ssoIdentityPort } from "@/features/sso/server";

/**
 * What the low slices read of the slices above them, from the slices that own it: identity (which
 * every guarded entry point imports) reads a client's company and its single sign-on, the audit
 * module (which every slice records to) the acting user and a chain's company, projects (which the
 * records of an engagement point to) their timeline entries and the authorization to sign. Handed
 * over at start (instrumentation.ts, and the integration tests' setup) through provideIdentityPorts,
 * provideAuditPorts and provideProjectsPorts.
 */
export const identityPorts: IdentityPorts = { clients: clientsIdentityPort, sso: ssoIdentityPort };
export const auditPorts: AuditPorts = { users: usersForAudit, companies: companiesForAudit };
export const projectsPorts: ProjectsPorts = {
  timeline: {
    findings: findingTimelineSql,
    reports: reportTimelineSql,
    authorizations: authorizationTimelineSql,
    messages: messageTimelineSql,
  },
  awaitingSignature: awaitingSignatureSql,
};
