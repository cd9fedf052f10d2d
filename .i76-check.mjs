// Temporary verification script (not committed).
import { chromium } from "@playwright/test";
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
async function as(email, password) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const r = await page.request.post("/api/auth/sign-in/email", { data: { email, password, rememberMe: true }, headers: { origin: base } });
  console.log("sign in", email, r.status());
  return page;
}
const text = async (page, url) => {
  await page.goto(url);
  await page.waitForSelector("html[data-hydrated=true]", { timeout: 60000 }).catch(() => {});
  await page.waitForTimeout(1500);
  return page.locator("main").innerText();
};
const grepLines = (t, words) => t.split("\n").filter((l) => words.some((w) => l.includes(w))).join("\n");
const W = ["Demo service", "Not connected", "Connected", "Failing", "Active", "Square", "Manage", "Cancel", "anytime", "contact your account", "Subscribe Now", "Current Plan", "Last delivery"];
const acme = await as("client@example.com", "demo-client-password");
console.log("=== book-service (acme)\n" + grepLines(await text(acme, "/client-portal?section=book-service"), W));
console.log("manage href:", await acme.getByRole("link", { name: /^Manage/ }).getAttribute("href").catch(() => "none"));
console.log("=== settings (acme)\n" + grepLines(await text(acme, "/client-portal?section=settings"), W.concat(["Issuer", "identity provider", "GitHub", "Slack", "Signed webhook"])));
const globex = await as("client2@example.com", "demo-client-password");
console.log("=== book-service (globex)\n" + grepLines(await text(globex, "/client-portal?section=book-service"), W));
const links = await globex.locator("a", { hasText: "Subscribe Now" }).evaluateAll((as) => as.map((a) => a.href));
console.log("subscribe links:", links);
if (links[0]) { const r = await globex.request.get(links[0]); console.log("checkout page", r.status(), (await r.text()).includes("Secure checkout")); }
const admin = await as("admin@example.com", "demo-admin-password");
console.log("=== admin dashboard\n" + grepLines(await text(admin, "/admin/dashboard"), W.concat(["Not configured", "Merchant"])));
console.log("=== admin clients\n" + grepLines(await text(admin, "/admin/clients"), ["ACTIVE", "INVITED", "Active"]));
await browser.close();
