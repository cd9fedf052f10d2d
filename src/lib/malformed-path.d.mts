export declare const MALFORMED_PATH: string;
export declare function malformedPathAnswer(pathname: string): { status: 400; contentType: string; body: string } | null;
