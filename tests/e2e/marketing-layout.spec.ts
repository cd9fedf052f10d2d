// Landing page chrome (docs/PRODUCT.md#marketing-header-and-footer): fixed header and its 20 px threshold, section navigation
// with smooth scrolling, the mobile menu, the inert theme toggle, the footer, the legal pages and
// the public metadata.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const header = (page: Page) => page.locator("header").first();
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** scrollY on every animation frame for a while after clicking a link by script. */
async function scrollSamplesAfterClick(page: Page, selector: string): Promise<number[]> {
  return page.evaluate(async (sel) => {
    const link = document.querySelector<HTMLAnchorElement>(sel);
    if (!link) throw new Error(`no link ${sel}`);
    link.click();
    const samples: number[] = [];
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const tick = () => {
        samples.push(Math.round(window.scrollY));
        if (performance.now() - start < 1500) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    return samples;
  }, selector);
}

/** The behaviour of every scrollIntoView the page asks for while a link is clicked by script. */
async function scrollRequestsAfterClick(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const link = document.querySelector<HTMLAnchorElement>(sel);
    if (!link) throw new Error(`no link ${sel}`);
    const original = Element.prototype.scrollIntoView;
    const behaviours: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
      behaviours.push(typeof arg === "object" ? (arg.behavior ?? "auto") : "auto");
      original.call(this, arg);
    };
    try {
      link.click();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
    return behaviours;
  }, selector);
}

test.describe("header", () => {
  test("is fixed, transparent at the top and opaque once scrolled more than 20 px", async ({ page }) => {
    await page.goto("/");
    const bar = header(page);
    await expect(bar).toHaveCSS("position", "fixed");
    await expect(bar).toHaveAttribute("data-scrolled", "false");
    await expect(bar).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");

    await page.evaluate(() => window.scrollTo({ top: 20, behavior: "instant" }));
    await page.waitForFunction(() => window.scrollY === 20);
    await expect(bar).toHaveAttribute("data-scrolled", "false");

    await page.evaluate(() => window.scrollTo({ top: 21, behavior: "instant" }));
    await expect(bar).toHaveAttribute("data-scrolled", "true");
    await expect(bar).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await expect(bar).toBeInViewport();

    await page.evaluate(() => window.scrollTo({ top: 3000, behavior: "instant" }));
    await expect(bar).toBeInViewport();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(bar).toHaveAttribute("data-scrolled", "false");
  });

  test("Home, About, Services and Contact smooth-scroll to their sections", async ({ page }) => {
    await page.goto("/");
    for (const [label, id] of [
      ["About", "about"],
      ["Services", "services"],
      ["Contact", "contact"],
    ] as const) {
      await mainNav(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page.locator(`#${id} h2`).first()).toBeInViewport();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeFocused();
    }
    await mainNav(page).getByRole("link", { name: "Home", exact: true }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();

    // Smooth: the header asks the browser for a smooth scroll, and the page lands on the section.
    // Counting the animation's intermediate frames instead fails on a loaded machine, where the
    // main thread can miss every frame of it.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    const requested = await scrollRequestsAfterClick(page, 'nav[aria-label="Main"] a[href="/#contact"]');
    expect(requested[0]).toBe("smooth");
    await page.waitForFunction(() => window.scrollY > 1000);
    await expect(page.locator("#contact h2").first()).toBeInViewport();
  });

  test("jumps without animation when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const samples = await scrollSamplesAfterClick(page, 'nav[aria-label="Main"] a[href="/#services"]');
    expect(samples[0]).toBeGreaterThan(500);
    expect(new Set(samples).size).toBe(1);
    await expect(page.locator("#services h2")).toBeInViewport();
  });

  test("links the blog in a new tab and Client Login to the portal", async ({ page }) => {
    await page.goto("/");
    const blog = mainNav(page).getByRole("link", { name: /Blog/ });
    await expect(blog).toHaveAttribute("target", "_blank");
    await expect(blog).toHaveAttribute("rel", /noopener/);
    await expect(blog).toHaveAttribute("href", /^https?:\/\//);
    await expect(blog).toHaveAccessibleName(/opens in a new tab/);

    await header(page).getByRole("link", { name: "Client Login" }).click();
    await expect(page).toHaveURL(/\/client-portal$/);
  });

  // The switch itself, its keyboard focus and the light theme's contrast: theme.spec.ts.
  test("has a theme button that switches to the light theme and back to the dark one", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(2, 6, 23)");
    await header(page).getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(248, 250, 252)");
    await header(page).getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(2, 6, 23)");
  });
});

test.describe("mobile menu (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens and closes with the toggle, Escape, a choice and a click outside", async ({ page }) => {
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await expect(mainNav(page)).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();

    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    for (const name of ["Home", "About", "Services", "Contact", "Client Login"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: /Blog/ })).toHaveAttribute("target", "_blank");
    // Focus moves into the menu; Escape closes it and returns focus to the toggle.
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    // Keyboard: Enter opens it again; choosing an item closes it and scrolls to the section.
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Services", exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#services h2")).toBeInViewport();

    // A click outside the menu closes it.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(200, 700);
    await expect(menu).toBeHidden();
  });
});

test.describe("footer", () => {
  test("links services, portal, contact, legal pages and mail (social profiles only when configured), with the 2019 copyright range", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const services = footer.getByRole("navigation", { name: "Services" });
    for (const title of ["AI Security Assessment", "AI Security Governance", "AI Engineering Acceleration"]) {
      await expect(services.getByRole("link", { name: title })).toHaveAttribute("href", "/#services");
    }
    await expect(footer.getByRole("link", { name: "Client Portal" })).toHaveAttribute("href", "/client-portal");
    await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/#contact");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    // Social links are the firm's own profiles (SOCIAL_*_URL); with none configured, as here, none is
    // shown rather than a link to a network's home page.
    await expect(footer.getByRole("link", { name: /^(LinkedIn|GitHub|X \(Twitter\))/ })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: /^Email / })).toHaveAttribute("href", /^mailto:.+@.+/);
    await expect(footer).toContainText(`© 2019–${new Date().getFullYear()}`);

    await footer.getByRole("link", { name: "Contact Us" }).click();
    await expect(page.locator("#contact h2")).toBeInViewport();
  });
});

test.describe("legal pages", () => {
  test("privacy policy: date, back link, header, footer, the required topics and contact details", async ({ page }) => {
    const response = await page.goto("/privacy-policy");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Privacy Policy/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated: October 14, 2025")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    for (const topic of [
      /Information we collect/,
      /How we use information/,
      /How we share information/,
      /How we protect information/,
      /Your rights and choices/,
      /Cookies/,
      /Children's privacy/,
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: topic })).toBeVisible();
    }
    await expect(page.getByText(/not directed to anyone under 18/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("terms of service: services, California law, no clients under 18, contact details", async ({ page }) => {
    await page.goto("/terms-of-service");
    await expect(page).toHaveTitle(/Terms of Service/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText("Last updated: October 14, 2025")).toBeVisible();
    await expect(page.getByText(/AI security assessment .* AI readiness and governance .* AI engineering consulting/)).toBeVisible();
    await expect(page.getByRole("heading", { name: /Governing law/ })).toBeVisible();
    await expect(page.getByText(/governed by the laws of the State of California/)).toBeVisible();
    await expect(page.getByText(/We do not provide services to, or accept engagements from, anyone under 18/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Contact us" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Client Login" })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });
});

test.describe("metadata", () => {
  test("landing and legal pages are static and carry titles, descriptions, Open Graph tags and the icon", async ({ page, request }) => {
    for (const path of ["/", "/privacy-policy", "/terms-of-service"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      // Prerendered pages are served as the build made them and never regenerated: their CSP
      // lists the hashes of the scripts in that HTML (tests/e2e/security-headers.spec.ts).
      expect(response.headers()["x-nextjs-cache"]).toBe("HIT");
      expect(response.headers()["cache-control"]).not.toContain("stale-while-revalidate");
    }
    await page.goto("/");
    await expect(page).toHaveTitle(/AI Security/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /24 hours/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /AI Security/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /^https?:\/\/[^/]+\/?$/);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/opengraph-image/);
    const image = await request.get(new URL(ogImage!).pathname);
    expect(image.headers()["content-type"]).toBe("image/png");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    expect((await request.get(icon!)).headers()["content-type"]).toContain("image/svg+xml");
  });

  test("robots.txt and sitemap.xml point at the public pages on APP_URL", async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Allow: /");
    expect(robots).toContain("Disallow: /admin/");
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    for (const path of ["/", "/privacy-policy", "/terms-of-service"]) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  });
});
