// An e-mail address in a narrow cell (the admin Clients table): it wraps after its "@", never in the
// middle of a word first (break-all did), and carries the whole address as its title.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailText } from "@/components/ui/email-text";

describe("EmailText", () => {
  it("offers its first break after the @, with the address as its title", () => {
    const html = renderToStaticMarkup(createElement(EmailText, { email: "jordan.lee@acme-robotics.example" }));
    expect(html).toBe(
      '<span title="jordan.lee@acme-robotics.example" class="[overflow-wrap:anywhere]">jordan.lee@<wbr/>acme-robotics.example</span>',
    );
    expect(html).not.toContain("break-all");
  });

  it("leaves a text without an @ as it is", () => {
    expect(renderToStaticMarkup(createElement(EmailText, { email: "unknown" }))).toContain(">unknown</span>");
  });
});
