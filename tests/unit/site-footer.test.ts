// The footer's social links: the firm's configured profiles, and no link at all for an unset one.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

async function footerWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { SiteFooter } = await import("@/components/marketing/site-footer");
  return renderToStaticMarkup(createElement(SiteFooter));
}

describe("site footer", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("links only the profiles the firm configured", async () => {
    const html = await footerWith({
      SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/sentinel-example",
      SOCIAL_GITHUB_URL: "",
      SOCIAL_X_URL: "",
    });
    expect(html).toContain('href="https://www.linkedin.com/company/sentinel-example"');
    expect(html).toContain("LinkedIn (opens in a new tab)");
    expect(html).not.toContain("GitHub (opens in a new tab)");
    expect(html).not.toContain("X (Twitter) (opens in a new tab)");
    expect(html).toMatch(/href="mailto:[^"]+@[^"]+"/);
  });

  it("shows no social link when none is configured", async () => {
    const html = await footerWith({ SOCIAL_LINKEDIN_URL: "", SOCIAL_GITHUB_URL: "", SOCIAL_X_URL: "" });
    expect(html).not.toContain("(opens in a new tab)");
  });
});
