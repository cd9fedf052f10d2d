"use server";
// Server actions for Square customer links (Unmatched invoices screen and the clients' "Square
// customers" dialog); each one checks the admin session itself (adminAction).
import {
  assignSquareCustomerSchema,
  billingEmailSchema,
  clientRefSchema,
  ignoreSquareCustomerSchema,
  squareCustomerRefSchema,
} from "@/features/square/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import {
  getClientSquareCustomers,
  linkSquareCustomer,
  setClientBillingEmail,
  setSquareCustomerIgnored,
  unlinkSquareCustomer,
} from "@/features/square/server";

/** Links the customer to the client; its unassigned invoices follow, and so will later ones. */
export const linkSquareCustomerAction = adminAction(assignSquareCustomerSchema, (actor, input) =>
  linkSquareCustomer(getDb(), { actor, ...input }),
);

export const unlinkSquareCustomerAction = adminAction(squareCustomerRefSchema, async (actor, input) => {
  await unlinkSquareCustomer(getDb(), { actor, ...input });
});

export const setSquareCustomerIgnoredAction = adminAction(ignoreSquareCustomerSchema, async (actor, input) => {
  await setSquareCustomerIgnored(getDb(), { actor, ...input });
});

export const getClientSquareCustomersAction = adminAction(clientRefSchema, (actor, input) =>
  getClientSquareCustomers(getDb(), { actor, ...input }),
);

export const setClientBillingEmailAction = adminAction(billingEmailSchema, async (actor, input) => {
  await setClientBillingEmail(getDb(), { actor, ...input });
});
