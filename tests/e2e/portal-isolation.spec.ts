// What a client's browser receives from the portal (the HTML and the RSC payload a client-side
// navigation fetches with `RSC: 1`, for every section) names none of the other client's data.
import { expect, test, DEMO } from "./fixtures";

// Demo data (src/features/demo/server/demo-data.ts; not importable here: it is server-only). Amounts
// are the ones only this client has; ids, names and numbers identify its objects.
const IDENTIFIERS = {
  acme: [
    "00000000-0000-4000-8000-00000000a001",
    "Acme Robotics",
    "Jordan Lee",
    "client@example.com",
    "+1 (415) 555-0134",
    "00000000-0000-4000-8000-c00000000001",
    "LLM Gateway Security Assessment",
    "00000000-0000-4000-8000-c00000000004",
    "Red Team Retest",
    "00000000-0000-4000-8000-e00000000001",
    "INV-1001",
    "INV-1004",
    "INV-1007",
    "Copilot rollout discovery workshop",
    "00000000-0000-4000-8000-a10000000001",
    "Master Services Agreement.pdf",
    "Governance Policy Pack.docx",
    "00000000-0000-4000-8000-b40000000002",
    "Hands-on enablement for the platform team.",
    "00000000-0000-4000-8000-f00000000001",
    "00000000-0000-4000-8000-f10000000002",
    "System prompt disclosed through the gateway's debug route",
    "$48,000.00",
    "$8,750.00",
    /\b4800000\b/,
    /\b875000\b/,
  ],
  globex: [
    "00000000-0000-4000-8000-00000000b001",
    "Globex Systems",
    "Sam Rivera",
    "client2@example.com",
    "+1 (512) 555-0199",
    "00000000-0000-4000-8000-d00000000001",
    "RAG Pipeline Review",
    "00000000-0000-4000-8000-d00000000002",
    "Model Supply-Chain Audit",
    "Chatbot Pilot",
    "00000000-0000-4000-8000-e00000000011",
    "INV-2001",
    "00000000-0000-4000-8000-e00000000013",
    "INV-2003",
    "INV-2005",
    "Unlinked advisory hours",
    "00000000-0000-4000-8000-b10000000001",
    "Statement of Work.pdf",
    "00000000-0000-4000-8000-b10000000002",
    "RAG Findings Summary.pdf",
    "00000000-0000-4000-8000-b10000000003",
    "Agent Launch Readiness Checklist.pdf",
    "00000000-0000-4000-8000-f00000000004",
    "Agent and API assessments",
    "00000000-0000-4000-8000-b40000000001",
    "Assessment of our new customer-support agents before public launch.",
    "00000000-0000-4000-8000-f00000000003",
    "00000000-0000-4000-8000-f10000000101",
    "Agent follows instructions embedded in retrieved web pages",
    "$36,000.00",
    "$9,900.00",
    "$7,250.00",
    /\b3600000\b/,
    /\b990000\b/,
    /\b725000\b/,
  ],
} as const satisfies Record<string, readonly (string | RegExp)[]>;

const SECTIONS = [
  null,
  "overview",
  "projects",
  "billing",
  "rates",
  "settings",
  "book-service",
  "documents",
  "messages",
  "findings",
  "retainer",
] as const;
/** Acme's draft finding (docs/PRODUCT.md#portal-findings): the firm's alone, in no payload of Acme's either. */
const DRAFTS = ["Draft: prompt injection in support bot", "00000000-0000-4000-8000-f10000000001"];

function found(text: string, list: readonly (string | RegExp)[]): string[] {
  return list.filter((item) => (typeof item === "string" ? text.includes(item) : item.test(text))).map(String);
}

// The signed-in email is in every payload (the header shows it); the company's name, an invoice number
// and a document's name only in the sections that show them, since the page renders only the section in view.
const TENANTS = [
  { who: DEMO.client, own: "acme", other: "globex", ownMarkers: ["Acme Robotics", "INV-1001", "Master Services Agreement.pdf"] },
  { who: DEMO.client2, own: "globex", other: "acme", ownMarkers: ["Globex Systems", "INV-2001", "Statement of Work.pdf"] },
] as const;

for (const tenant of TENANTS) {
  test(`${tenant.who.email}: portal HTML and RSC payloads carry none of the other client's identifiers`, async ({ request, baseURL }) => {
    const signIn = await request.post("/api/auth/sign-in/email", {
      data: { email: tenant.who.email, password: tenant.who.password, rememberMe: true },
      headers: { origin: baseURL! },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);

    const ownSeen = new Set<string>();
    for (const section of SECTIONS) {
      const url = section ? `/client-portal?section=${section}` : "/client-portal";
      for (const rsc of [false, true]) {
        const response = await request.get(url, { headers: rsc ? { RSC: "1" } : {} });
        const label = `${url}${rsc ? " (RSC: 1)" : " (HTML)"}`;
        expect(response.status(), label).toBe(200);
        expect(response.headers()["content-type"], label).toContain(rsc ? "text/x-component" : "text/html");
        const body = await response.text();
        // Control: the payload does carry the signed-in client's own data, so the check below can see data.
        expect(body, `${label}: own email`).toContain(tenant.who.email);
        for (const marker of found(body, tenant.ownMarkers)) ownSeen.add(marker);
        expect(found(body, IDENTIFIERS[tenant.other]), `${label}: the other client's identifiers`).toEqual([]);
        expect(found(body, DRAFTS), `${label}: a draft finding`).toEqual([]);
      }
    }
    // Control over all sections: the sections that show the company, invoices and documents were checked.
    expect([...ownSeen].sort()).toEqual([...tenant.ownMarkers].sort());
  });
}
