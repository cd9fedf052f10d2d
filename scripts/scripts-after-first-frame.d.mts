export declare function loaderSource(scripts: [string, string][], preloads: [string, string][]): string;
export declare function scriptsAfterFirstFrame(html: string, integrityOf: (url: string) => string): string;
export declare function moveScriptsAfterFirstFrame(nextDir: string): void;
