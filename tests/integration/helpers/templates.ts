// What the integration project's global setup (global-setup.ts) hands every test file: where the
// migrated and the demo-seeded database to copy are, and the demo data set's document files.
export type DatabaseTemplates = {
  /** PGlite: paths of data-directory tarballs; PostgreSQL: names of databases on TEST_DATABASE_URL's server. */
  kind: "pglite" | "postgres";
  migrated: string;
  seeded: string;
  /** A document store folder (disk storage) holding the files the seeded database refers to. */
  uploads: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}
