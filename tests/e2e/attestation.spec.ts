// An attestation letter checked by anyone (docs/PRODUCT.md#verifying-a-letter): Acme's owner finds
// the LLM Gateway engagement's letter in the portal's project view, with its /verify address (the
// address the PDF's QR code encodes, read from the PDF as a camera would); a visitor who is signed
// in nowhere opens it and sees "Valid", the letter's facts and the JWS with the link to the firm's
// public keys.
import { qrCodesIn } from "../helpers/pdf-qr";
import { DEMO, expect, signInViaApi, test } from "./fixtures";

const GATEWAY = "00000000-0000-4000-8000-c00000000001";

test("a visitor opens the address the letter's QR code holds and sees it valid", async ({ page, browser }) => {
  await signInViaApi(page, DEMO.client);
  await page.goto(`/client-portal?section=projects&project=${GATEWAY}`);
  const letter = page.getByTestId("attestation-letter").first();
  await expect(letter).toBeVisible();
  await expect(letter.getByText("Valid")).toBeVisible();
  const address = await letter.getByRole("link", { name: /\/verify\// }).getAttribute("href");
  expect(address).toMatch(/\/verify\/[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  // The letter's PDF: its QR code, read as a phone's camera would, is the same address.
  const pdf = await page.request.get((await letter.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  const [scanned] = await qrCodesIn(new Uint8Array(await pdf.body()));
  expect(scanned).toBe(address);
  const path = new URL(scanned!).pathname;

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const anonymous = await visitor.newPage();
    const response = await anonymous.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("nonce-");
    await expect(anonymous.getByTestId("letter-state")).toContainText("Valid");
    await expect(anonymous.getByText("Acme Robotics")).toBeVisible();
    await expect(anonymous.getByRole("link", { name: "/.well-known/jwks.json" })).toBeVisible();
    await expect(anonymous.getByTestId("letter-jws")).toContainText(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const unknown = await anonymous.goto("/verify/ZZZZZ-ZZZZZ");
    expect(unknown?.status()).toBe(404);
    await expect(anonymous.getByRole("heading", { name: "No letter has this code" })).toBeVisible();
    // The 404 offers a box to type the code again: typed in lower case, it opens the letter.
    const box = anonymous.getByRole("form", { name: "Check a letter" });
    await box.getByLabel("Letter code").fill(path.split("/").pop()!.toLowerCase());
    await box.getByRole("button", { name: "Check" }).click();
    await expect(anonymous).toHaveURL(new RegExp(`${path}$`));
    await expect(anonymous.getByTestId("letter-state")).toContainText("Valid");
  } finally {
    await visitor.close();
  }
});
