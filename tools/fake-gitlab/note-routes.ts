// An issue's notes (comments): list and create. GitLab's notes API authenticates every request, reads
// too, before its parameters; an issue the caller cannot read, or none, is 404 `404 Issue Not Found`
// (the named not_found!, unlike the issue endpoints). A note raises no Issue Hook (GitLab sends a
// Note Hook, which the fake does not model).
import { canContribute, canReadIssues } from "./access";
import { type Call, FORBIDDEN, findProject, reader, refuse, UNAUTHORIZED, writer } from "./auth";
import { INVALID_BODY, json, pageParams, paginate, readParams } from "./http";
import { noteJson } from "./shapes";
import type { Issue, Project, Token } from "./state";
import { choice, grapeError, integer, NOTE_MAX, text } from "./validation";

const ORDER_BY = ["created_at", "updated_at"] as const;
const SORTS = ["asc", "desc"] as const;

function findIssue(
  call: Call,
  caller: Token,
  match: RegExpExecArray,
  iid: number | undefined,
): { project: Project; issue: Issue } | undefined {
  const project = findProject(call, caller, match[1]!);
  if (!project) return undefined;
  const issue = canReadIssues(caller, project) ? project.issues.find((i) => i.iid === iid) : undefined;
  if (!issue) return refuse(call, 404, { message: "404 Issue Not Found" });
  return { project, issue };
}

export async function createNote(call: Call, match: RegExpExecArray): Promise<void> {
  const { ctx, res } = call;
  const params = await readParams(call.req, call.url);
  if (!params) return void refuse(call, 400, INVALID_BODY);
  const caller = writer(call);
  if (!caller) return;
  const errors: string[] = [];
  const iid = integer(match[2], "noteable_id", errors);
  const body = text(params, "body", errors, true);
  if (errors.length > 0) return void refuse(call, 400, grapeError(errors));
  const found = findIssue(call, caller, match, iid);
  if (!found) return;
  if (!canContribute(caller, found.project)) return void refuse(call, 403, FORBIDDEN);
  // The model's errors, in GitLab's words (a Ruby hash printed into the message).
  const note = (body ?? "").trim();
  if (!note) return void refuse(call, 400, { message: `400 Bad request - Note {:note=>["can't be blank"]}` });
  if ([...(body ?? "")].length > NOTE_MAX)
    return void refuse(call, 400, { message: `400 Bad request - Note {:note=>["is too long (maximum is ${NOTE_MAX} characters)"]}` });
  const created = ctx.state.addNote(found.issue, body!, caller.bot);
  json(res, 201, noteJson(ctx.base, found.project, found.issue, created));
}

export function listNotes(call: Call, match: RegExpExecArray): void {
  const { ctx, res, url } = call;
  const caller = reader(call);
  if (caller === undefined) return;
  if (caller === null) return void refuse(call, 401, UNAUTHORIZED);
  const errors: string[] = [];
  const iid = integer(match[2], "noteable_id", errors);
  const orderBy = choice(url.searchParams.get("order_by"), "order_by", ORDER_BY, "created_at", errors);
  const sort = choice(url.searchParams.get("sort"), "sort", SORTS, "desc", errors);
  const page = pageParams(url, errors);
  if (errors.length > 0) return void refuse(call, 400, grapeError(errors));
  const found = findIssue(call, caller, match, iid);
  if (!found) return;
  const key = orderBy === "updated_at" ? "updatedAt" : "createdAt";
  const notes = [...found.issue.notes].sort((a, b) => {
    const order = a[key] - b[key] || a.id - b.id;
    return sort === "asc" ? order : -order;
  });
  const paged = paginate(notes, url, `${ctx.base}${url.pathname}`, page);
  json(
    res,
    200,
    paged.items.map((note) => noteJson(ctx.base, found.project, found.issue, note)),
    paged.headers,
  );
}
