import type { AdminProjectRow } from "@/features/projects/server";

/** A projects-list row as sent to the browser (the server-only timestamp left out). */
export type ProjectRowView = Omit<AdminProjectRow, "updatedAt">;

export type ShowToast = (message: string, durationMs: number, tone?: "success" | "error") => void;
