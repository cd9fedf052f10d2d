export declare const STATIC_PAGE_CSP_FILE: string;
export declare function sha256Source(content: string | Uint8Array): string;
export declare function inlineScriptSource(text: string): string;
export declare function pinScripts(html: string, nextDir: string): { html: string; sources: string[] };
export declare function writeStaticPageCsp(nextDir: string): Record<string, string[]>;
export declare function readStaticPageCsp(nextDir: string): Record<string, string[]>;
export declare function prerenderedPages(nextDir: string): { route: string; entry: unknown; file: string }[];
export declare function builtFileIntegrity(nextDir: string, url: string): string;
