// The types of build-api.mjs (plain JavaScript, so `npm start` needs no TypeScript), for the scripts that import it.
export declare const API_DIST: string;
export declare const API_ENTRY_POINTS: Record<string, string>;
export declare const API_RUNTIME_FILES: Record<string, string>;
export declare const API_BUILD_INPUTS: string[];
export declare function apiBuildIsStale(): boolean;
export declare function buildApi(options?: { outdir?: string }): Promise<string[]>;
