"use server";
// The Projects screen's edits that need the records of the slices above projects: the client lock
// and the authorization gate are handed to the projects module here. Each checks the admin session itself.
import { adminAction } from "@/features/identity/server";
import { updateProjectSchema, setProjectStatusSchema } from "@/features/projects/validation";
import { setProjectStatus, updateProject } from "@/features/projects/server";
import { assertTestingAuthorized } from "@/features/authorizations/server";
import { clientLockedSql } from "@/features/projectadmin/server";
import { getDb } from "@/server/core/get-db";

export const updateProjectAction = adminAction(updateProjectSchema, async (actor, input) => {
  const project = await updateProject(getDb(), { actor, input, clientLocked: clientLockedSql, testingGate: assertTestingAuthorized });
  return { id: project.id };
});

export const setProjectStatusAction = adminAction(setProjectStatusSchema, async (actor, { projectId, status }) =>
  setProjectStatus(getDb(), { actor, projectId, status, testingGate: assertTestingAuthorized }),
);
