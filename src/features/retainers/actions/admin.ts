"use server";
// The firm's retainer actions (docs/PRODUCT.md#retainer-hours); each checks the admin session itself (adminAction).
import { closeMonthSchema, retainerSchema, timeEntrySchema } from "@/features/retainers/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { closeRetainerMonth, logTimeEntry, saveRetainer } from "@/features/retainers/server";

/** Sets or changes a client's retainer. */
export const saveRetainerAction = adminAction(retainerSchema, (actor, values) => saveRetainer(getDb(), { actor, values }));

/** Logs time on a client's retainer: an entry, or an overage request once the month's hours are used up. */
export const logTimeEntryAction = adminAction(timeEntrySchema, (actor, values) => logTimeEntry(getDb(), { actor, values }));

/** Closes a month: its entries become read only and its invoice is created at Square (once). */
export const closeRetainerMonthAction = adminAction(closeMonthSchema, (actor, { clientId, month }) =>
  closeRetainerMonth(getDb(), { actor, clientId, month }),
);
