import { chromium } from "@playwright/test";
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await (await browser.newContext({ baseURL: base })).newPage();
await page.goto("/client-login");
await page.waitForSelector("html[data-hydrated=true]", { timeout: 60000 });
await page.getByLabel(/email/i).first().fill("dana@acme.example");
await page.getByRole("button", { name: /single sign-on/i }).click();
await page.waitForTimeout(5000);
console.log("at", page.url());
const btn = page.getByRole("button", { name: /Dana Whitfield/ });
if (await btn.count()) { await btn.first().click(); await page.waitForTimeout(8000); }
console.log("after", page.url());
console.log((await page.locator("body").innerText()).slice(0, 400));
await browser.close();
