import "server-only";
import type { InvoiceStatus } from "@/lib/domain/invoice-status";
import type { ScheduleEntry } from "@/features/invoices/server/schema";
import { ACME_ID as A, GLOBEX_ID as G, demoId as id } from "./demo-ids";

// The demo invoices: one in every status, a deposit-and-balance schedule with its deposit paid,
// and instalments partly paid (docs/PRODUCT.md#portal-billing).

const methods = { card: true, bankAccount: true, cashAppPay: true };
const depositSchedule: ScheduleEntry[] = [
  {
    requestType: "DEPOSIT",
    percentageRequested: "40",
    dueDate: "2026-09-15",
    computedAmountCents: 1_920_000,
    totalCompletedAmountCents: 1_920_000,
  },
  {
    requestType: "BALANCE",
    percentageRequested: null,
    dueDate: "2026-12-20",
    computedAmountCents: 2_880_000,
    totalCompletedAmountCents: 0,
  },
];
const installmentSchedule: ScheduleEntry[] = [
  {
    requestType: "INSTALLMENT",
    percentageRequested: null,
    dueDate: "2026-10-15",
    computedAmountCents: 1_000_000,
    totalCompletedAmountCents: 1_000_000,
  },
  {
    requestType: "INSTALLMENT",
    percentageRequested: null,
    dueDate: "2026-11-15",
    computedAmountCents: 1_000_000,
    totalCompletedAmountCents: 400_000,
  },
  {
    requestType: "INSTALLMENT",
    percentageRequested: null,
    dueDate: "2026-12-15",
    computedAmountCents: 1_000_000,
    totalCompletedAmountCents: 0,
  },
];

type DemoInvoice = {
  id: string;
  clientId: string;
  projectId: string | null;
  invoiceNumber: string;
  amountCents: number;
  status: InvoiceStatus;
  issuedDate: string;
  dueDate: string;
  paidDate: string | null;
  description: string;
  totalPaidCents: number;
  paymentSchedule: ScheduleEntry[];
  nextPaymentAmountCents: number | null;
  nextPaymentDueDate: string | null;
};

const inv = (
  n: number,
  v: Omit<DemoInvoice, "id" | "paymentSchedule" | "nextPaymentAmountCents" | "nextPaymentDueDate"> & Partial<DemoInvoice>,
): DemoInvoice => ({
  id: id("e", n),
  paymentSchedule: [],
  nextPaymentAmountCents: null,
  nextPaymentDueDate: null,
  ...v,
});

export const DEMO_INVOICES: (DemoInvoice & { squarePaymentUrl: string; acceptedPaymentMethods: typeof methods })[] = [
  inv(1, {
    clientId: A,
    projectId: id("c", 1),
    invoiceNumber: "INV-1001",
    amountCents: 4_800_000,
    status: "pending",
    issuedDate: "2026-09-01",
    dueDate: "2026-12-20",
    paidDate: null,
    description: "LLM gateway assessment (deposit and balance)",
    totalPaidCents: 1_920_000,
    paymentSchedule: depositSchedule,
    nextPaymentAmountCents: 2_880_000,
    nextPaymentDueDate: "2026-12-20",
  }),
  inv(2, {
    clientId: A,
    projectId: id("c", 2),
    invoiceNumber: "INV-1002",
    amountCents: 2_500_000,
    status: "paid",
    issuedDate: "2026-04-01",
    dueDate: "2026-05-01",
    paidDate: "2026-04-28",
    description: "Governance framework, phase 1",
    totalPaidCents: 2_500_000,
  }),
  inv(3, {
    clientId: A,
    projectId: id("c", 2),
    invoiceNumber: "INV-1003",
    amountCents: 1_250_050,
    status: "paid",
    issuedDate: "2026-07-01",
    dueDate: "2026-07-31",
    paidDate: "2026-07-30",
    description: "Governance framework, phase 2",
    totalPaidCents: 1_250_050,
  }),
  inv(4, {
    clientId: A,
    projectId: id("c", 3),
    invoiceNumber: "INV-1004",
    amountCents: 875_000,
    status: "overdue",
    issuedDate: "2026-10-01",
    dueDate: "2026-10-31",
    paidDate: null,
    description: "Copilot rollout discovery workshop",
    totalPaidCents: 0,
  }),
  inv(5, {
    clientId: A,
    projectId: null,
    invoiceNumber: "INV-1005",
    amountCents: 300_000,
    status: "cancelled",
    issuedDate: "2026-06-01",
    dueDate: "2026-06-30",
    paidDate: null,
    description: "Cancelled workshop",
    totalPaidCents: 0,
  }),
  inv(6, {
    clientId: A,
    projectId: null,
    invoiceNumber: "INV-1006",
    amountCents: 3_000_000,
    status: "pending",
    issuedDate: "2026-10-01",
    dueDate: "2026-12-15",
    paidDate: null,
    description: "Quarterly advisory retainer (installments)",
    totalPaidCents: 1_400_000,
    paymentSchedule: installmentSchedule,
    nextPaymentAmountCents: 600_000,
    nextPaymentDueDate: "2026-11-15",
  }),
  inv(7, {
    clientId: A,
    projectId: null,
    invoiceNumber: "INV-1007",
    amountCents: 450_000,
    status: "pending",
    issuedDate: "2026-11-10",
    dueDate: "2026-12-10",
    paidDate: null,
    description: "Red team retest scoping",
    totalPaidCents: 0,
  }),
  // The last period of Acme's Professional plan, billed and paid (docs/PRODUCT.md#plans-that-bill).
  inv(8, {
    clientId: A,
    projectId: null,
    invoiceNumber: "INV-1008",
    amountCents: 650_000,
    status: "paid",
    issuedDate: "2026-11-01",
    dueDate: "2026-11-01",
    paidDate: "2026-11-03",
    description: "Professional plan, 2026-11-01 to 2026-12-01",
    totalPaidCents: 650_000,
  }),
  inv(11, {
    clientId: G,
    projectId: id("d", 1),
    invoiceNumber: "INV-2001",
    amountCents: 3_600_000,
    status: "pending",
    issuedDate: "2026-10-01",
    dueDate: "2026-12-31",
    paidDate: null,
    description: "RAG review (deposit and balance)",
    totalPaidCents: 1_800_000,
    paymentSchedule: [
      {
        requestType: "DEPOSIT",
        percentageRequested: "50",
        dueDate: "2026-10-10",
        computedAmountCents: 1_800_000,
        totalCompletedAmountCents: 1_800_000,
      },
      {
        requestType: "BALANCE",
        percentageRequested: null,
        dueDate: "2026-12-31",
        computedAmountCents: 1_800_000,
        totalCompletedAmountCents: 0,
      },
    ],
    nextPaymentAmountCents: 1_800_000,
    nextPaymentDueDate: "2026-12-31",
  }),
  inv(12, {
    clientId: G,
    projectId: id("d", 2),
    invoiceNumber: "INV-2002",
    amountCents: 1_500_000,
    status: "paid",
    issuedDate: "2026-06-01",
    dueDate: "2026-07-01",
    paidDate: "2026-06-25",
    description: "Supply-chain audit, phase 1",
    totalPaidCents: 1_500_000,
  }),
  inv(13, {
    clientId: G,
    projectId: id("d", 2),
    invoiceNumber: "INV-2003",
    amountCents: 990_000,
    status: "overdue",
    issuedDate: "2026-09-01",
    dueDate: "2026-10-01",
    paidDate: null,
    description: "Supply-chain audit, phase 2",
    totalPaidCents: 0,
  }),
  inv(14, {
    clientId: G,
    projectId: id("d", 3),
    invoiceNumber: "INV-2004",
    amountCents: 600_000,
    status: "cancelled",
    issuedDate: "2026-02-01",
    dueDate: "2026-03-01",
    paidDate: null,
    description: "Chatbot pilot",
    totalPaidCents: 0,
  }),
  inv(15, {
    clientId: G,
    projectId: null,
    invoiceNumber: "INV-2005",
    amountCents: 725_000,
    status: "pending",
    issuedDate: "2026-11-01",
    dueDate: "2026-12-01",
    paidDate: null,
    description: "Unlinked advisory hours",
    totalPaidCents: 0,
  }),
].map((i) => ({
  ...i,
  squarePaymentUrl: `https://squareup.com/pay-invoice/demo-${i.invoiceNumber.toLowerCase()}`,
  acceptedPaymentMethods: methods,
}));
