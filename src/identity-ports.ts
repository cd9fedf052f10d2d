import "server-only";
import type { AuditPorts } from "@/features/audit/server";
import { type ClientsPorts, clientsIdentityPort, companiesForAudit } from "@/features/clients/server";
import { documentCountSql } from "@/features/documents/server";
import { clientInvoiceTotalsSql } from "@/features/invoices/server";
import { type IdentityPorts, usersForAudit } from "@/features/identity/server";
import type { SquarePorts } from "@/features/square/server";
import { ssoIdentityPort } from "@/features/sso/server";
import { squareSubscriptionsPort } from "@/features/subscriptions/server";

/**
 * What the low slices read of the slices above them, from the slices that own it: identity (which
 * every guarded entry point imports) reads a client's company and its single sign-on, the audit
 * module (which every slice records to) the acting user and a chain's company, clients what a company
 * holds of invoices and documents, square (which the subscriptions module bills through) the
 * subscription rows it keeps in step with Square. Handed over at start (instrumentation.ts, and the
 * integration tests' setup) through provideIdentityPorts, provideAuditPorts, provideClientsPorts and
 * provideSquarePorts.
 */
export const identityPorts: IdentityPorts = { clients: clientsIdentityPort, sso: ssoIdentityPort };
export const auditPorts: AuditPorts = { users: usersForAudit, companies: companiesForAudit };
export const clientsPorts: ClientsPorts = {
  invoiceCount: (clientId) => clientInvoiceTotalsSql(clientId).invoiceCount,
  documentCount: documentCountSql,
};
export const squarePorts: SquarePorts = { subscriptions: squareSubscriptionsPort };
