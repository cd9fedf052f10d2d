export declare const FEATURES_DIR: string;
export declare function specifiersOf(text: string): string[];
export declare function sliceOfPath(file: string, featuresRoot: string): { slice: string; part: string } | null;
export declare function sliceOfSpecifier(specifier: string, file: string, featuresRoot: string): string | null;
export declare function importsOnDisk(featuresRoot: string): { file: string; slice: string; targets: Set<string> }[];
export declare function sliceGraph(featuresRoot: string): Map<string, Set<string>>;
export declare function cyclesOf(graph: Map<string, Set<string>>): string[][];
export declare function layersOf(graph: Map<string, Set<string>>): string[][];
export declare function describe(graph: Map<string, Set<string>>): { text: string; cycles: string[][] };
