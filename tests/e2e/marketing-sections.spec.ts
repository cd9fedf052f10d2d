// Landing page sections (docs/PRODUCT.md, the Marketing sections): hero with the 26-step terminal, about, services toggles.
import fs from "node:fs";
import path from "node:path";
import { COMPILE_HINT } from "../../scripts/compile-hints.mjs";
import { expect, test, waitForHydration } from "./fixtures";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { serveHtmlInPieces } from "./slow-html";

const CLAIMS = ["3.5x faster reviews", "67% fewer bugs", "45% faster delivery", "285% velocity", "94/100", "2-3 weeks", "$847,000"];

test.describe("hero terminal", () => {
  test("types through its 26 steps without shifting layout", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const terminal = page.getByTestId("hero-terminal");
    await waitForHydration(terminal);
    // From here on time only moves when the test moves it.
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));
    const before = await terminal.boundingBox();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const firstStep = Number(await terminal.getAttribute("data-step"));
    expect(firstStep).toBeLessThan(20);

    // Part-way: some lines shown, later ones still hidden but taking their space.
    await page.clock.runFor(2000);
    await expect(terminal).not.toHaveAttribute("data-step", String(firstStep));
    const midStep = Number(await terminal.getAttribute("data-step"));
    expect(midStep).toBeGreaterThan(firstStep);
    expect(midStep).toBeLessThan(26);
    await expect(terminal.getByText("Ready to secure your AI.")).toBeHidden();
    expect(await terminal.boundingBox()).toEqual(before);

    await page.clock.runFor(30_000);
    await expect(terminal).toHaveAttribute("data-step", "26");
    for (const claim of CLAIMS) await expect(terminal.getByText(claim, { exact: false })).toBeVisible();
    await expect(terminal.getByText("Ready to secure your AI.")).toBeVisible();
    expect(await terminal.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(pageHeight);
  });

  test("causes no layout shift while animating (CLS 0)", async ({ page }) => {
    await recordLayoutShifts(page);
    await page.goto("/");
    await expect(page.getByTestId("hero-terminal")).toHaveAttribute("data-step", "26", { timeout: 30_000 });
    expect(await layoutShifts(page)).toEqual([]);
  });

  test("is static text for screen readers", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("hero-terminal")).toHaveAttribute("aria-hidden", "true");
    const figure = page.getByRole("figure", { name: "Example engagement transcript" });
    const transcript = figure.getByRole("list");
    await expect(transcript).toHaveClass(/sr-only/);
    await expect(transcript.getByRole("listitem")).toHaveCount(26);
    for (const claim of CLAIMS) await expect(transcript).toContainText(claim);
    // The accessible tree carries the static transcript once, not the animated copy.
    const snapshot = await figure.ariaSnapshot();
    expect(snapshot.match(/285% velocity increase/g)).toHaveLength(1);
    expect(snapshot).not.toContain("engagement.log");
  });

  test("shows the final state at once with reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const terminal = page.getByTestId("hero-terminal");
    await expect(terminal).toHaveAttribute("data-step", "26");
    await expect(terminal.getByText("sentinel assess --scope llm-platform")).toBeVisible();
    await expect(terminal.getByText("Ready to secure your AI.")).toBeVisible();
  });
});

test.describe("hero", () => {
  test("Get Started, Explore Services and the scroll arrow go to their sections; stat tiles", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("#home");
    for (const [label, value] of [
      ["Satisfaction", "98%"],
      ["Projects", "50+"],
      ["ROI", "3x"],
    ]) {
      await expect(hero.getByRole("term").filter({ hasText: label })).toBeVisible();
      await expect(hero.getByRole("definition").filter({ hasText: value })).toBeVisible();
    }

    await hero.getByRole("link", { name: "Get Started" }).click();
    await expect(page.locator("#contact h2")).toBeInViewport();
    await expect(page).toHaveURL(/#contact$/);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await hero.getByRole("link", { name: "Explore Services" }).click();
    await expect(page.locator("#services h2")).toBeInViewport();

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await hero.getByRole("link", { name: "Scroll down to services" }).click();
    await expect(page.locator("#services h2")).toBeInViewport();
  });
});

test.describe("about", () => {
  test("states the Big Four and Fortune 500 experience with its four tiles", async ({ page }) => {
    await page.goto("/");
    const about = page.locator("#about");
    await expect(about.getByRole("heading", { level: 2 })).toContainText("Big Four");
    await expect(about).toContainText("Fortune 500 enterprises");
    for (const tile of ["Big 4", "Fortune 500", "Production", "Zero"]) {
      await expect(about.getByRole("listitem").filter({ has: page.getByText(tile, { exact: true }) })).toBeVisible();
    }
  });
});

test.describe("services", () => {
  test("three cards whose Learn More / Show Less toggles reveal six key features", async ({ page }) => {
    await page.goto("/#services");
    const titles = ["AI Security Assessment", "AI Security Governance", "AI Engineering Acceleration"];
    const cards = page.locator("#services > div > ul > li");
    await expect(cards).toHaveCount(3);
    for (const [index, title] of titles.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3, name: title })).toBeVisible();
      await expect(card.locator("svg").first()).toBeVisible();
      await expect(card.locator("p").first()).not.toBeEmpty();

      const features = card.getByRole("heading", { name: "Key Features" });
      const toggle = card.getByRole("button", { name: `Learn More about ${title}` });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(features).toBeHidden();

      await toggle.click();
      const showLess = card.getByRole("button", { name: `Show Less about ${title}` });
      await expect(showLess).toHaveAttribute("aria-expanded", "true");
      await expect(features).toBeVisible();
      await expect(card.locator(`#${await showLess.getAttribute("aria-controls")} li`)).toHaveCount(6);

      await showLess.click();
      await expect(card.getByRole("button", { name: `Learn More about ${title}` })).toHaveAttribute("aria-expanded", "false");
      await expect(features).toBeHidden();
    }
    // Each card keeps its own state.
    await cards
      .nth(0)
      .getByRole("button", { name: /Learn More/ })
      .click();
    await expect(cards.nth(0).getByRole("heading", { name: "Key Features" })).toBeVisible();
    await expect(cards.nth(1).getByRole("heading", { name: "Key Features" })).toBeHidden();
  });
});

test.describe("page load", () => {
  test("nothing moves while a page arrives in pieces over a slow network", async ({ browser, baseURL }) => {
    // Split inside the header (before Client Login), before the terminal and before each later
    // section: what has arrived must already sit where it stays (the header's theme button must not
    // move left when Client Login arrives, the hero's text must not re-centre when the terminal does).
    const slow = await serveHtmlInPieces(baseURL!, [
      'href="/client-portal"',
      "<figure",
      'id="about"',
      'id="services"',
      'id="contact"',
      "<footer",
    ]);
    try {
      for (const [path, viewport] of [
        ["/", { width: 1280, height: 720 }],
        ["/", { width: 390, height: 844 }],
        ["/privacy-policy", { width: 1280, height: 720 }],
      ] as const) {
        const page = await browser.newPage({ viewport });
        await recordLayoutShifts(page);
        await page.goto(slow.url + path, { waitUntil: "load" });
        await expect(page.locator("footer")).toBeAttached();
        expect(await layoutShifts(page), `${path} at ${viewport.width} px`).toEqual([]);
        await page.close();
      }
    } finally {
      await slow.close();
    }
  });

  test("the framework scripts the page loads ask Chromium to compile them while they download", async ({ page }) => {
    // scripts/compile-hints.mjs marks the build manifest's root chunks (React DOM, Next's router,
    // the Turbopack runtime) and nothing else; check what the server sends.
    const manifest = JSON.parse(fs.readFileSync(path.join(".next", "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
    const roots = manifest.rootMainFiles.filter((file) => file.endsWith(".js")).map((file) => `/_next/${file}`);
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.url().includes("/_next/static/"))
        scripts.push(new URL(response.url()).pathname);
    });
    await page.goto("/");
    expect(roots.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const hinted = (await (await page.request.get(script)).text()).startsWith(`${COMPILE_HINT}\n`);
      expect(hinted, script).toBe(roots.includes(script));
    }
    expect(scripts.filter((script) => roots.includes(script)).sort()).toEqual([...roots].sort());
  });
});
