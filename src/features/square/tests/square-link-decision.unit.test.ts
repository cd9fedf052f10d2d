import { describe, expect, it } from "vitest";
import { CONFLICT_TEXTS, decideCustomerLink, type LinkEvidence } from "@/features/square/server/link-decision";

const base: LinkEvidence = {
  squareCustomerId: "C1",
  clientId: null,
  decidedByAdmin: false,
  ignored: false,
  invoiceClientIds: [],
  emailClientIds: [],
};
const decide = (e: Partial<LinkEvidence>) => decideCustomerLink({ ...base, ...e });

describe("which client a Square customer is linked to", () => {
  it("proposes a link from exactly one admin-controlled e-mail match", () => {
    expect(decide({ emailClientIds: ["A"] })).toEqual({ link: { clientId: "A", source: "email_match" }, conflict: null });
    expect(decide({ emailClientIds: ["A", "B"] })).toEqual({ link: null, conflict: CONFLICT_TEXTS.emailAmbiguous });
    expect(decide({})).toEqual({ link: null, conflict: null });
  });

  it("back-fills from invoices already owned, which win over e-mail", () => {
    expect(decide({ invoiceClientIds: ["A"], emailClientIds: ["B"] })).toEqual({
      link: { clientId: "A", source: "backfill" },
      conflict: null,
    });
    expect(decide({ invoiceClientIds: ["A", "B"] })).toEqual({ link: null, conflict: CONFLICT_TEXTS.invoicesSplit });
  });

  it("never changes an existing link; contradicting evidence is a conflict only", () => {
    expect(decide({ clientId: "A", emailClientIds: ["B"] })).toEqual({ link: null, conflict: CONFLICT_TEXTS.emailElsewhere });
    expect(decide({ clientId: "A", invoiceClientIds: ["A", "B"] })).toEqual({ link: null, conflict: CONFLICT_TEXTS.invoicesElsewhere });
    expect(decide({ clientId: "A", invoiceClientIds: ["A"], emailClientIds: ["A"] })).toEqual({ link: null, conflict: null });
  });

  it("proposes nothing for a customer an admin decided on or ignored", () => {
    expect(decide({ decidedByAdmin: true, emailClientIds: ["A"], invoiceClientIds: ["A"] })).toEqual({ link: null, conflict: null });
    expect(decide({ ignored: true, emailClientIds: ["A"] })).toEqual({ link: null, conflict: null });
  });
});
