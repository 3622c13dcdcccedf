// The types of build-state.mjs (plain JavaScript, so `npm start` needs no TypeScript), for the scripts that import it.
export declare function isStale(outputs: string[], inputs: string[]): boolean;
export declare function webBuildIsStale(): boolean;
