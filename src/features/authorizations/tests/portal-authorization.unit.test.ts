// The client's copy of an authorization (docs/PRODUCT.md#engagement-authorization): a version the
// firm sent reads "Awaiting your signature", never the firm's "Sent"; the firm's view keeps "Sent".
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuthorizationStateBadge } from "@/features/authorizations/components/authorization-document";
import { PortalAuthorization } from "@/features/authorizations/components/portal-authorization";
import type { AuthorizationVersion } from "@/features/authorizations/server";

const version = (state: AuthorizationVersion["state"]): AuthorizationVersion => ({
  id: "00000000-0000-4000-8000-000000000001",
  version: 1,
  content: {
    inScope: ["https://gateway.acme.test"],
    outOfScope: [],
    windowStart: "2026-12-01",
    windowEnd: "2026-12-15",
    testers: ["Avery Admin"],
    emergencyContacts: ["Jordan Lee"],
    price: "Professional plan",
    terms: "The terms.",
  },
  documentHash: "a".repeat(64),
  sentAt: new Date("2026-11-20T10:00:00Z"),
  sealed: false,
  state,
  signatures: [],
});

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the state badge of an authorization", () => {
  it("reads Awaiting your signature on the client's copy of a sent version", () => {
    // A member's copy (the owner's adds the signature form below the same header).
    const html = text(renderToStaticMarkup(createElement(PortalAuthorization, { versions: [version("Sent")], canSign: false })));
    expect(html).toContain("Version 1 Awaiting your signature");
    expect(html).not.toMatch(/\bSent\b/);
  });

  it("keeps the other states, and the firm's Sent", () => {
    expect(text(renderToStaticMarkup(createElement(AuthorizationStateBadge, { state: "Sent" })))).toContain("Sent");
    expect(text(renderToStaticMarkup(createElement(AuthorizationStateBadge, { state: "Signed", side: "client" })))).toContain("Signed");
    expect(text(renderToStaticMarkup(createElement(AuthorizationStateBadge, { state: "Signed by Client", side: "client" })))).toContain(
      "Signed by Client",
    );
  });
});
