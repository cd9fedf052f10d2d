import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text } from "drizzle-orm/pg-core";
import { ownedByClient } from "@/features/clients/server/schema";
import { createdAt, uuidPrimaryKey } from "@/server/core/db/schema/columns";

export const clientRates = pgTable(
  "client_rates",
  {
    id: uuidPrimaryKey(),
    clientId: ownedByClient(),
    serviceType: text("service_type").notNull(),
    hourlyRateCents: bigint("hourly_rate_cents", { mode: "number" }).notNull(),
    monthlyRetainerCents: bigint("monthly_retainer_cents", { mode: "number" }),
    discountTier: text("discount_tier"),
    description: text("description"),
    effectiveFrom: date("effective_from")
      .notNull()
      .default(sql`current_date`),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "client_rates_money_check",
      sql`${t.hourlyRateCents} >= 0 and (${t.monthlyRetainerCents} is null or ${t.monthlyRetainerCents} >= 0)`,
    ),
    index("client_rates_client_service_idx").on(t.clientId, t.serviceType),
  ],
);
