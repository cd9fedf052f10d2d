"use server";
// The portal's invoice pages (Billing's load more).
// Each action checks the client session itself (clientAction) and validates with the same schema as
// the form; the client id always comes from the session.
import { clientReadAction } from "@/features/identity/server";
import { invoicePageSchema } from "@/features/invoices/validation";
import { listPortalInvoices } from "@/features/invoices/server";
import { getDb } from "@/server/core/get-db";

// A read: an admin viewing the portal may page through the invoices too.
export const loadMoreInvoices = clientReadAction(invoicePageSchema, (actor, input) =>
  listPortalInvoices(getDb(), { actor, offset: input.offset }),
);
