import "server-only";
// Pure rule deciding a Square customer's client from the evidence a sync has; unit-tested alone.
// Evidence comes only from what admins control: the invoices already owned by a client (which an
// admin assigned or the sync placed), and admin-controlled e-mail addresses.

import type { SquareLinkSource } from "./schema";

export type LinkEvidence = {
  squareCustomerId: string;
  clientId: string | null;
  /** An admin linked or unlinked this customer: the sync proposes nothing for it any more. */
  decidedByAdmin: boolean;
  ignored: boolean;
  /** Distinct clients owning this customer's invoices already stored. */
  invoiceClientIds: string[];
  /** Distinct clients whose sign-in or billing e-mail is the customer's e-mail. */
  emailClientIds: string[];
};

export type LinkDecision = { link: { clientId: string; source: Exclude<SquareLinkSource, "admin"> } | null; conflict: string | null };

export const CONFLICT_TEXTS = {
  invoicesElsewhere: "Some of this customer's invoices belong to another client. They stay where they are; check the link.",
  emailElsewhere: "This customer's e-mail now matches another client. Nothing was moved; change the link if it is wrong.",
  invoicesSplit: "This customer's invoices belong to several clients. Link it by hand.",
  emailAmbiguous: "This customer's e-mail matches several clients. Link it by hand.",
} as const;

export function decideCustomerLink(e: LinkEvidence): LinkDecision {
  if (e.ignored) return { link: null, conflict: null };
  if (e.clientId) {
    if (e.invoiceClientIds.some((id) => id !== e.clientId)) return { link: null, conflict: CONFLICT_TEXTS.invoicesElsewhere };
    if (e.emailClientIds.length === 1 && e.emailClientIds[0] !== e.clientId) return { link: null, conflict: CONFLICT_TEXTS.emailElsewhere };
    return { link: null, conflict: null };
  }
  if (e.decidedByAdmin) return { link: null, conflict: null };
  // Invoices already owned (an upgrade from e-mail matching, or an admin's assignment) come first.
  if (e.invoiceClientIds.length > 1) return { link: null, conflict: CONFLICT_TEXTS.invoicesSplit };
  if (e.invoiceClientIds.length === 1) return { link: { clientId: e.invoiceClientIds[0]!, source: "backfill" }, conflict: null };
  if (e.emailClientIds.length > 1) return { link: null, conflict: CONFLICT_TEXTS.emailAmbiguous };
  if (e.emailClientIds.length === 1) return { link: { clientId: e.emailClientIds[0]!, source: "email_match" }, conflict: null };
  return { link: null, conflict: null };
}
