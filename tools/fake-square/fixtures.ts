// Seed data for the fake Square, in Square's own snake_case JSON with money as integer amounts.
// Dates are relative to "now" so the demo invoices keep their meaning (pending, overdue) whenever
// they are loaded.

export type Money = { amount: number; currency: "USD" };

export type RawPaymentRequest = {
  uid: string;
  request_type: "DEPOSIT" | "BALANCE" | "INSTALLMENT";
  due_date: string;
  percentage_requested?: string;
  fixed_amount_requested_money?: Money;
  computed_amount_money: Money;
  total_completed_amount_money: Money;
  request_method?: string;
};

export type RawInvoice = {
  id: string;
  version: number;
  location_id: string;
  order_id: string;
  primary_recipient: { customer_id: string; given_name?: string; family_name?: string; email_address?: string; company_name?: string };
  payment_requests: RawPaymentRequest[];
  invoice_number: string;
  title?: string;
  description?: string;
  public_url?: string;
  next_payment_amount_money?: Money;
  status: string;
  timezone: string;
  created_at: string;
  updated_at: string;
  scheduled_at?: string;
  sale_or_service_date?: string;
  accepted_payment_methods: {
    card: boolean;
    square_gift_card: boolean;
    bank_account: boolean;
    buy_now_pay_later: boolean;
    cash_app_pay: boolean;
  };
  delivery_method: "EMAIL";
};

export type RawCustomer = {
  id: string;
  given_name?: string;
  family_name?: string;
  email_address?: string;
  company_name?: string;
  created_at: string;
  updated_at: string;
};
export type RawLocation = {
  id: string;
  name: string;
  merchant_id: string;
  status: "ACTIVE" | "INACTIVE";
  currency: "USD";
  timezone: string;
  country: "US";
};
export type RawSubscription = {
  id: string;
  location_id: string;
  customer_id: string;
  plan_variation_id: string;
  status: string;
  start_date: string;
  charged_through_date?: string;
  timezone: string;
  created_at: string;
  version: number;
};

/** A line of the order behind an invoice; quantity is Square's decimal text. */
export type RawLineItem = {
  uid: string;
  name: string;
  quantity: string;
  note?: string;
  base_price_money: Money;
  gross_sales_money: Money;
  total_money: Money;
};

/** The order an invoice bills (Square's Orders API): its line items. */
export type RawOrder = {
  id: string;
  location_id: string;
  customer_id?: string;
  /** The caller's own reference (CreateOrder's reference_id). */
  reference_id?: string;
  state: "OPEN" | "COMPLETED" | "CANCELED";
  line_items: RawLineItem[];
  total_money: Money;
  created_at: string;
  updated_at: string;
  version: number;
};

export type Fixture = {
  merchantId: string;
  locations: RawLocation[];
  customers: RawCustomer[];
  invoices: RawInvoice[];
  orders: RawOrder[];
  subscriptions: RawSubscription[];
};

const usd = (amount: number): Money => ({ amount, currency: "USD" });
const DAY = 24 * 60 * 60 * 1000;
const isoDay = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
const isoAt = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString();

export const FAKE_MERCHANT_ID = "MLFAKE7DEMO01";
export const FAKE_LOCATIONS = ["LFAKEMAIN0001", "LFAKEREMOTE02"] as const;

function location(id: string, name: string, merchantId: string): RawLocation {
  return { id, name, merchant_id: merchantId, status: "ACTIVE", currency: "USD", timezone: "America/Los_Angeles", country: "US" };
}

function customer(id: string, email: string, given: string, family: string, company: string, now: Date): RawCustomer {
  const at = isoAt(now, -400);
  return { id, email_address: email, given_name: given, family_name: family, company_name: company, created_at: at, updated_at: at };
}

const methods = (all: boolean) => ({ card: true, square_gift_card: false, bank_account: all, buy_now_pay_later: false, cash_app_pay: all });

/** A line as a fixture writes it: unit price in cents, quantity a whole or decimal number. */
export type LineSpec = { name: string; quantity: number; unitCents: number; note?: string };

type InvoiceSpec = {
  n: number;
  number: string;
  location: string;
  customer: RawCustomer;
  status: string;
  title: string;
  requests: Omit<RawPaymentRequest, "uid">[];
  createdDaysAgo: number;
  allMethods?: boolean;
  /** The order's lines; by default one line for the whole amount, named as the invoice. */
  lines?: LineSpec[];
};

export function buildInvoice(spec: InvoiceSpec, now: Date): RawInvoice {
  const requests = spec.requests.map((r, i) => ({ uid: `req-${spec.n}-${i}`, request_method: "EMAIL", ...r }));
  const next = requests.find((r) => r.total_completed_amount_money.amount < r.computed_amount_money.amount);
  const open = !["PAID", "CANCELED", "REFUNDED", "FAILED", "DRAFT"].includes(spec.status);
  const id = `inv:0-fake-${String(spec.n).padStart(6, "0")}`;
  return {
    id,
    version: 1,
    location_id: spec.location,
    order_id: `order-fake-${spec.n}`,
    primary_recipient: {
      customer_id: spec.customer.id,
      given_name: spec.customer.given_name,
      family_name: spec.customer.family_name,
      email_address: spec.customer.email_address,
      company_name: spec.customer.company_name,
    },
    payment_requests: requests,
    invoice_number: spec.number,
    title: spec.title,
    description: `${spec.title} (synced from Square)`,
    public_url: `https://squareup.com/pay-invoice/${encodeURIComponent(id)}`,
    ...(open && next
      ? { next_payment_amount_money: usd(next.computed_amount_money.amount - next.total_completed_amount_money.amount) }
      : {}),
    status: spec.status,
    timezone: "America/Los_Angeles",
    created_at: isoAt(now, -spec.createdDaysAgo),
    updated_at: isoAt(now, -Math.max(0, spec.createdDaysAgo - 5)),
    scheduled_at: isoAt(now, -spec.createdDaysAgo),
    sale_or_service_date: isoDay(now, -spec.createdDaysAgo),
    accepted_payment_methods: methods(spec.allMethods ?? false),
    delivery_method: "EMAIL",
  };
}

/**
 * The order behind an invoice: its lines (by default one, for the invoice's whole amount). Totals
 * round half up to the cent, as Square does for a decimal quantity.
 */
export function buildOrder(spec: InvoiceSpec, invoice: RawInvoice, now: Date): RawOrder {
  const amount = spec.requests.reduce((sum, r) => sum + r.computed_amount_money.amount, 0);
  const lines = spec.lines ?? [{ name: spec.title, quantity: 1, unitCents: amount }];
  const lineItems = lines.map((line, i): RawLineItem => {
    const total = Math.round(line.quantity * line.unitCents);
    return {
      uid: `line-${spec.n}-${i}`,
      name: line.name,
      quantity: String(line.quantity),
      ...(line.note ? { note: line.note } : {}),
      base_price_money: usd(line.unitCents),
      gross_sales_money: usd(total),
      total_money: usd(total),
    };
  });
  return {
    id: invoice.order_id,
    location_id: invoice.location_id,
    customer_id: invoice.primary_recipient.customer_id,
    state: "OPEN",
    line_items: lineItems,
    total_money: usd(lineItems.reduce((sum, l) => sum + l.total_money.amount, 0)),
    created_at: invoice.created_at,
    updated_at: isoAt(now, 0),
    version: 1,
  };
}

const single = (now: Date, amount: number, dueInDays: number, paid: number): Omit<RawPaymentRequest, "uid">[] => [
  {
    request_type: "BALANCE",
    due_date: isoDay(now, dueInDays),
    computed_amount_money: usd(amount),
    total_completed_amount_money: usd(paid),
  },
];

/** The demo set: invoices for the demo clients (client@example.com, client2@example.com) and one nobody matches. */
export function demoFixture(now = new Date()): Fixture {
  const merchantId = FAKE_MERCHANT_ID;
  const [main, remote] = FAKE_LOCATIONS;
  const acme = customer("CUSTFAKEACME01", "client@example.com", "Jordan", "Lee", "Acme Robotics", now);
  const globex = customer("CUSTFAKEGLOBEX1", "client2@example.com", "Sam", "Rivera", "Globex Systems", now);
  const stranger = customer("CUSTFAKEOTHER01", "pat@unknown-company.example", "Pat", "Doe", "Unknown Co", now);
  const specs: InvoiceSpec[] = [
    {
      n: 3001,
      number: "SQ-3001",
      location: main,
      customer: acme,
      status: "PARTIALLY_PAID",
      title: "Agent red-team engagement (deposit and balance)",
      createdDaysAgo: 20,
      allMethods: true,
      lines: [
        { name: "Agent red-team engagement", quantity: 1, unitCents: 3_600_000, note: "Two weeks, two consultants" },
        { name: "Retest of the fixed findings", quantity: 2, unitCents: 450_000 },
      ],
      requests: [
        {
          request_type: "DEPOSIT",
          percentage_requested: "30",
          due_date: isoDay(now, -10),
          computed_amount_money: usd(1_350_000),
          total_completed_amount_money: usd(1_350_000),
        },
        { request_type: "BALANCE", due_date: isoDay(now, 40), computed_amount_money: usd(3_150_000), total_completed_amount_money: usd(0) },
      ],
    },
    {
      n: 3002,
      number: "SQ-3002",
      location: main,
      customer: acme,
      status: "PAID",
      title: "Threat modelling workshop",
      createdDaysAgo: 60,
      requests: single(now, 725_050, -30, 725_050),
    },
    {
      n: 3003,
      number: "SQ-3003",
      location: main,
      customer: acme,
      status: "UNPAID",
      title: "Prompt-injection retest",
      createdDaysAgo: 45,
      requests: single(now, 310_000, -5, 0),
    },
    {
      n: 3004,
      number: "SQ-3004",
      location: remote,
      customer: globex,
      status: "UNPAID",
      title: "RAG hardening sprint",
      createdDaysAgo: 7,
      requests: single(now, 980_000, 23, 0),
      allMethods: true,
    },
    {
      n: 3005,
      number: "SQ-3005",
      location: remote,
      customer: globex,
      status: "CANCELED",
      title: "Cancelled discovery call",
      createdDaysAgo: 90,
      requests: single(now, 150_000, -60, 0),
    },
    {
      n: 3006,
      number: "SQ-3006",
      location: main,
      customer: acme,
      status: "DRAFT",
      title: "Draft: next quarter retainer",
      createdDaysAgo: 1,
      requests: single(now, 2_000_000, 60, 0),
    },
    {
      n: 3007,
      number: "SQ-3007",
      location: remote,
      customer: stranger,
      status: "UNPAID",
      title: "Invoice for a customer with no client account",
      createdDaysAgo: 3,
      requests: single(now, 99_900, 27, 0),
    },
  ];
  return {
    merchantId,
    locations: [location(main, "Main Office", merchantId), location(remote, "Remote Delivery", merchantId)],
    customers: [acme, globex, stranger],
    invoices: specs.map((s) => buildInvoice(s, now)),
    orders: specs.map((s) => buildOrder(s, buildInvoice(s, now), now)),
    // Same ids and values as the demo database's subscriptions, so a sync leaves them as they are.
    subscriptions: [
      {
        id: "demo-sub-acme-professional",
        location_id: main,
        customer_id: acme.id,
        plan_variation_id: "PLANFAKEPRO",
        status: "ACTIVE",
        start_date: "2026-01-01",
        charged_through_date: "2026-12-01",
        timezone: "UTC",
        created_at: "2026-01-01T00:00:00Z",
        version: 1,
      },
      {
        id: "demo-sub-globex-essential",
        location_id: main,
        customer_id: globex.id,
        plan_variation_id: "PLANFAKEESS",
        status: "CANCELED",
        start_date: "2026-02-01",
        charged_through_date: "2026-08-01",
        timezone: "UTC",
        created_at: "2026-02-01T00:00:00Z",
        version: 1,
      },
    ],
  };
}

const CYCLE = ["UNPAID", "PAID", "PARTIALLY_PAID", "SCHEDULED", "PAYMENT_PENDING", "CANCELED"] as const;

/**
 * A large generated set for tests and benchmarks: `perLocation[i]` invoices at location i, spread
 * over customers whose emails are `emails` (cycled), statuses cycled, every third one with a
 * deposit and a balance. Deterministic for a given `now`.
 */
export function generatedFixture(opts: { perLocation: number[]; emails: string[]; now?: Date }): Fixture {
  const now = opts.now ?? new Date();
  const merchantId = FAKE_MERCHANT_ID;
  const locations = opts.perLocation.map((_, i) => location(`LFAKEGEN${String(i).padStart(5, "0")}`, `Location ${i + 1}`, merchantId));
  const customers = opts.emails.map((email, i) =>
    customer(`CUSTFAKEGEN${String(i).padStart(5, "0")}`, email, "Gen", `Customer ${i}`, `Company ${i}`, now),
  );
  const invoices: RawInvoice[] = [];
  const orders: RawOrder[] = [];
  let n = 0;
  opts.perLocation.forEach((count, l) => {
    for (let k = 0; k < count; k++) {
      n += 1;
      const status = CYCLE[n % CYCLE.length]!;
      const amount = 10_000 + ((n * 7919) % 5_000_000);
      const paid = status === "PAID";
      const requests: Omit<RawPaymentRequest, "uid">[] =
        n % 3 === 0
          ? [
              {
                request_type: "DEPOSIT",
                percentage_requested: "40",
                due_date: isoDay(now, -20),
                computed_amount_money: usd(Math.round(amount * 0.4)),
                total_completed_amount_money: usd(paid || status === "PARTIALLY_PAID" ? Math.round(amount * 0.4) : 0),
              },
              {
                request_type: "BALANCE",
                due_date: isoDay(now, (n % 60) - 20),
                computed_amount_money: usd(amount - Math.round(amount * 0.4)),
                total_completed_amount_money: usd(paid ? amount - Math.round(amount * 0.4) : 0),
              },
            ]
          : single(now, amount, (n % 90) - 30, paid ? amount : 0);
      const spec: InvoiceSpec = {
        n,
        number: `GEN-${String(n).padStart(6, "0")}`,
        location: locations[l]!.id,
        customer: customers[n % customers.length]!,
        status,
        title: `Generated invoice ${n}`,
        createdDaysAgo: 10 + (n % 100),
        requests,
      };
      const invoice = buildInvoice(spec, now);
      invoices.push(invoice);
      orders.push(buildOrder(spec, invoice, now));
    }
  });
  return { merchantId, locations, customers, invoices, orders, subscriptions: [] };
}
