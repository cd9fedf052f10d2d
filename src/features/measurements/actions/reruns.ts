"use server";
// Scheduled re-runs (docs/PRODUCT.md#measured-ai-findings): the firm, or an owner of the company
// (the module refuses a member), sets a target's schedule. Each action checks its own session.
import { rerunScheduleSchema } from "@/features/measurements/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction, clientAction } from "@/features/identity/server";
import { setRerunSchedule } from "@/features/measurements/server";

export const setRerunScheduleAction = clientAction(rerunScheduleSchema, (actor, input) => setRerunSchedule(getDb(), { actor, input }));

export const setRerunScheduleAdminAction = adminAction(rerunScheduleSchema, (actor, input) => setRerunSchedule(getDb(), { actor, input }));
