// The demo invoices' lines (what the Square order behind each bills) and the firm's name and
// address as its invoices print them (docs/PRODUCT.md#invoice-page). Pure data, like demo-data.ts.
import { DEMO_INVOICES } from "./demo-data";

type Line = { name: string; quantity: string; unitPriceCents: number; note?: string };

const LINES: Record<string, Line[]> = {
  // $48,000.00: the deposit of $19,200.00 is paid, $28,800.00 is due.
  "INV-1001": [
    { name: "LLM gateway security assessment", quantity: "1", unitPriceCents: 3_600_000, note: "Two consultants, three weeks" },
    { name: "Prompt-injection test suite", quantity: "1", unitPriceCents: 750_000 },
    { name: "Retest of fixed findings", quantity: "3", unitPriceCents: 150_000, note: "Per retest round" },
  ],
  "INV-1004": [{ name: "Copilot rollout discovery workshop", quantity: "1", unitPriceCents: 875_000 }],
  "INV-1006": [{ name: "Quarterly advisory retainer", quantity: "3", unitPriceCents: 1_000_000, note: "October to December" }],
  "INV-2001": [{ name: "RAG pipeline review", quantity: "1", unitPriceCents: 3_600_000 }],
};

export const DEMO_INVOICE_LINES = Object.entries(LINES).flatMap(([number, lines]) => {
  const invoice = DEMO_INVOICES.find((i) => i.invoiceNumber === number)!;
  return lines.map((line, position) => ({
    invoiceId: invoice.id,
    position,
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    totalCents: Number(line.quantity) * line.unitPriceCents,
    note: line.note ?? null,
  }));
});

export const DEMO_FIRM = { name: "Sentinel AI Security", address: "100 Market Street, Suite 300\nSan Francisco, CA 94105" };
