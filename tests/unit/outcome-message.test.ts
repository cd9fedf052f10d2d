// The one outcome message: its kind decides how it is announced, its icon and its colours; a
// refusal never wears the success's check mark.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Alert } from "@/components/ui/alert";
import { type OutcomeKind, OutcomeMessage, outcomeKindOf } from "@/components/ui/outcome-message";

const render = (kind: OutcomeKind) => renderToStaticMarkup(createElement(OutcomeMessage, { kind }, "No TXT record found yet."));

describe("OutcomeMessage", () => {
  it("announces a refusal at once, in red, with an alert icon and no check mark", () => {
    const html = render("refusal");
    expect(html).toMatch(/^<div role="alert" data-outcome="refusal"/);
    expect(html).toContain("border-red-500/40");
    expect(html).toContain("lucide-circle-alert");
    expect(html).not.toContain("check");
    expect(html).not.toContain("emerald");
    expect(html).toContain("No TXT record found yet.");
  });

  it("announces a success politely, in green, with a check mark", () => {
    const html = render("success");
    expect(html).toMatch(/^<div role="status" data-outcome="success"/);
    expect(html).toContain("border-emerald-500/40");
    expect(html).toContain("lucide-circle-check");
    expect(html).not.toContain("red-500");
  });

  it("announces information politely, with an information icon and neither check nor alert", () => {
    const html = render("information");
    expect(html).toMatch(/^<div role="status" data-outcome="information"/);
    expect(html).toContain("border-cyan-500/40");
    expect(html).toContain("lucide-info");
    expect(html).not.toContain("check");
    expect(html).not.toContain("alert");
  });

  it("hides its icon from assistive technology and keeps a caller's classes", () => {
    const html = renderToStaticMarkup(createElement(OutcomeMessage, { kind: "success", className: "mt-3" }, "Saved."));
    expect(html).toContain('aria-hidden="true"');
    expect(html).toMatch(/class="[^"]*\bmt-3\b/);
  });

  it("is what the older Alert renders, its tones mapped to kinds", () => {
    expect(outcomeKindOf("error")).toBe("refusal");
    expect(outcomeKindOf("success")).toBe("success");
    expect(outcomeKindOf("info")).toBe("information");
    for (const [tone, kind] of [
      ["error", "refusal"],
      ["success", "success"],
      ["info", "information"],
    ] as const) {
      expect(renderToStaticMarkup(createElement(Alert, { tone }, "No TXT record found yet."))).toBe(render(kind));
    }
  });
});
