// Projects: GET /projects/:id (the project, with the caller's access level) and GET /projects (those
// the caller sees; `membership=true` keeps the ones it is a member of, which for a project access
// token is its one project). Without a token, only public projects, in the short form.
import { canSee, roleIn } from "./access";
import { type Call, findProject, reader, refuse } from "./auth";
import { json, pageParams, paginate } from "./http";
import { projectJson } from "./shapes";
import { fullPath, type Project } from "./state";
import { bool, choice, grapeError } from "./validation";

const ORDER_BY = [
  "id",
  "name",
  "path",
  "created_at",
  "updated_at",
  "last_activity_at",
  "similarity",
  "star_count",
  "storage_size",
  "repository_size",
  "wiki_size",
  "packages_size",
] as const;
const SORTS = ["asc", "desc"] as const;
const VISIBILITIES = ["", "private", "internal", "public"] as const;

export function showProject(call: Call, match: RegExpExecArray): void {
  const caller = reader(call);
  if (caller === undefined) return;
  const project = findProject(call, caller, match[1]!);
  if (project) json(call.res, 200, projectJson(call.ctx.base, project, caller));
}

/** The order GitLab lists projects in; the sizes and counts the fake does not keep sort as created_at. */
function sortKey(orderBy: (typeof ORDER_BY)[number]): (p: Project) => number | string {
  if (orderBy === "id") return (p) => p.id;
  if (orderBy === "name" || orderBy === "path") return (p) => p.path.toLowerCase();
  if (orderBy === "updated_at" || orderBy === "last_activity_at") return (p) => Math.max(p.createdAt, ...p.issues.map((i) => i.updatedAt));
  return (p) => p.createdAt;
}

export function listProjects(call: Call): void {
  const { ctx, res, url } = call;
  const query = (name: string) => url.searchParams.get(name) ?? undefined;
  const errors: string[] = [];
  const orderBy = choice(query("order_by"), "order_by", ORDER_BY, "created_at", errors);
  const sort = choice(query("sort"), "sort", SORTS, "desc", errors);
  const visibility = choice(query("visibility"), "visibility", VISIBILITIES, "", errors);
  const membership = bool(query("membership"), "membership", errors);
  const owned = bool(query("owned"), "owned", errors);
  const simple = bool(query("simple"), "simple", errors);
  const page = pageParams(url, errors);
  if (errors.length > 0) return void refuse(call, 400, grapeError(errors));
  const caller = reader(call);
  if (caller === undefined) return;

  const search = (query("search") ?? "").toLowerCase();
  const key = sortKey(orderBy);
  const projects = [...ctx.state.projects.values()]
    .filter((p) => canSee(caller, p))
    .filter((p) => !membership || roleIn(caller, p) > 0)
    .filter((p) => !owned || roleIn(caller, p) >= 50)
    .filter((p) => !visibility || p.visibility === visibility)
    .filter((p) => !search || fullPath(p).toLowerCase().includes(search))
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
      return sort === "asc" ? order : -order;
    });
  const paged = paginate(projects, url, `${ctx.base}${url.pathname}`, page);
  json(
    res,
    200,
    // Without a token GitLab answers only the short form.
    paged.items.map((p) => projectJson(ctx.base, p, caller, simple === true || caller === null)),
    paged.headers,
  );
}
