import "server-only";
import type { AuditPorts } from "@/features/audit/server";
import { authorizationTimelineSql, awaitingSignatureSql } from "@/features/authorizations/server";
import { type ClientsPorts, clientsIdentityPort, companiesForAudit } from "@/features/clients/server";
import { documentCountSql } from "@/features/documents/server";
import { findingTimelineSql } from "@/features/findings/server";
import { type IdentityPorts, usersForAudit } from "@/features/identity/server";
import { clientInvoiceTotalsSql } from "@/features/invoices/server";
import { messageTimelineSql } from "@/features/messages/server";
import type { ProjectsPorts } from "@/features/projects/server";
import { reportTimelineSql } from "@/features/reports/server";
import type { SquarePorts } from "@/features/square/server";
import { ssoIdentityPort } from "@/features/sso/server";
import { squareSubscriptionsPort } from "@/features/subscriptions/server";

/**
 * What the low slices read of the slices above them, from the slices that own it: identity (which
 * every guarded entry point imports) reads a client's company and its single sign-on, the audit
 * module (which every slice records to) the acting user and a chain's company, clients what a company
 * holds of invoices and documents, projects (which the records of an engagement point to) their
 * timeline entries and the authorization to sign, square (which the subscriptions module bills
 * through) the subscription rows it keeps in step with Square. Handed over at start
 * (instrumentation.ts, and the integration tests' setup) through each slice's provide…Ports.
 */
export const identityPorts: IdentityPorts = { clients: clientsIdentityPort, sso: ssoIdentityPort };
export const auditPorts: AuditPorts = { users: usersForAudit, companies: companiesForAudit };
export const clientsPorts: ClientsPorts = {
  invoiceCount: (clientId) => clientInvoiceTotalsSql(clientId).invoiceCount,
  documentCount: documentCountSql,
};
export const projectsPorts: ProjectsPorts = {
  timeline: {
    findings: findingTimelineSql,
    reports: reportTimelineSql,
    authorizations: authorizationTimelineSql,
    messages: messageTimelineSql,
  },
  awaitingSignature: awaitingSignatureSql,
};
export const squarePorts: SquarePorts = { subscriptions: squareSubscriptionsPort };
