// Who may do what, as GitLab's project and issue policies decide it. A project access token's bot
// is a member of its own project with the token's role; elsewhere it is a signed-in non-member, who
// sees public and internal projects and may open issues and comment there, as any user may. Without
// a token only public projects are seen. A project the caller cannot see is a 404, never a 403.
import type { Issue, Project, Token } from "./state";

/** Who calls: a live token, or nobody (no token at all; reads only). */
export type Caller = Token | null;

export const GUEST = 10;
/** Planners and up may edit anyone's issues; Guests only their own. */
export const PLANNER = 15;

/** The caller's access level in the project: the token's role in its own, 0 elsewhere. */
export function roleIn(caller: Caller, project: Project): number {
  return caller && caller.project === project ? caller.accessLevel : 0;
}

export function canSee(caller: Caller, project: Project): boolean {
  if (roleIn(caller, project) > 0) return true;
  return project.visibility === "public" || (project.visibility === "internal" && caller !== null);
}

/** Reading issues: the project is seen and has issues on. */
export function canReadIssues(caller: Caller, project: Project): boolean {
  return canSee(caller, project) && project.issuesEnabled;
}

/** Opening an issue or commenting: Guest and up, or a signed-in non-member of a project they see. */
export function canContribute(caller: Caller, project: Project): boolean {
  return caller !== null && canReadIssues(caller, project);
}

/** Editing, closing or reopening: Planner and up, or the issue's author. */
export function canUpdateIssue(caller: Caller, project: Project, issue: Issue): boolean {
  if (!caller || !canReadIssues(caller, project)) return false;
  return roleIn(caller, project) >= PLANNER || issue.author === caller.bot;
}
