// The OpenAPI document read for the reference page: operations in document order, JSON Schema
// types as short readable text. Pure, so a unit test can read the real document with it.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  format?: string;
  const?: unknown;
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema };
type Operation = {
  operationId: string;
  summary: string;
  security?: { token: readonly string[] }[];
  parameters?: readonly Parameter[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};

export type ReferenceOperation = {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  scopes: string[];
  parameters: Parameter[];
  /** The parameters as one object schema, for the fields table. */
  parametersSchema: JsonSchema;
  body: JsonSchema | null;
  responses: { status: string; description: string; schema: JsonSchema | null }[];
};

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A schema's type as text ("string | null", "Finding[]"), and the component it names, if one. */
export function describeSchema(schema: JsonSchema): { text: string; ref: string | null } {
  if (schema.$ref) return { text: refName(schema.$ref), ref: refName(schema.$ref) };
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const parts = variants.map(describeSchema);
    return { text: parts.map((p) => p.text).join(" | "), ref: parts.find((p) => p.ref)?.ref ?? null };
  }
  if (schema.enum) return { text: schema.enum.map((v) => JSON.stringify(v)).join(" | "), ref: null };
  if (schema.const !== undefined) return { text: JSON.stringify(schema.const), ref: null };
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const texts = types.map((type) => {
    if (type === "array" && schema.items) return `${describeSchema(schema.items).text}[]`;
    if (type === "string" && schema.format) return `string (${schema.format})`;
    return type;
  });
  const ref = schema.items ? describeSchema(schema.items).ref : null;
  return { text: texts.join(" | ") || "any", ref };
}

/** An object schema's fields, in the schema's order. */
export function schemaFields(schema: JsonSchema): { name: string; required: boolean; schema: JsonSchema; description: string }[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    required: required.has(name),
    schema: field,
    description: field.description ?? "",
  }));
}

/** Every operation of the document's paths, in its order. */
export function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): ReferenceOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, op]) => {
      const parameters = [...(op.parameters ?? [])];
      return {
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        summary: op.summary,
        scopes: (op.security ?? []).flatMap((s) => [...s.token]),
        parameters,
        parametersSchema: {
          properties: Object.fromEntries(
            parameters.map((p) => [`${p.name} (${p.in})`, { ...p.schema, description: p.description ?? p.schema.description }]),
          ),
          required: parameters.filter((p) => p.required).map((p) => `${p.name} (${p.in})`),
        },
        body: op.requestBody?.content["application/json"].schema ?? null,
        responses: Object.entries(op.responses).map(([status, r]) => ({
          status,
          description: r.description,
          schema: r.content ? (Object.values(r.content)[0]?.schema ?? null) : null,
        })),
      };
    }),
  );
}
