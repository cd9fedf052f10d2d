import type { z } from "zod";
import type { ChangeResult } from "@/components/ui/use-change";
import type { ProjectStatus } from "@/lib/domain/project-status";
import type { AdminProjectRow } from "@/features/projects/server";
import type { setProjectStatusSchema, updateProjectSchema } from "@/features/projects/validation";

/** A projects-list row as sent to the browser (the server-only timestamp left out). */
export type ProjectRowView = Omit<AdminProjectRow, "updatedAt">;

export type ShowToast = (message: string, durationMs: number, tone?: "success" | "error") => void;

/**
 * The edit and the inline status change: they need the records and the authorization gate of the
 * slices above this one, so their actions live above it too and the page hands them in.
 */
export type ProjectEdits = {
  updateProject: (input: z.input<typeof updateProjectSchema>) => Promise<ChangeResult<{ id: string }>>;
  setProjectStatus: (
    input: z.input<typeof setProjectStatusSchema>,
  ) => Promise<ChangeResult<{ project: { id: string; projectName: string; status: ProjectStatus } }>>;
};
