// Types of serverProcess.mjs (plain JS, run by `npm start` before any TypeScript tooling).
export declare const OLD_SPACE_MB: number;
export declare const MALLOC_ARENAS: string;
export declare function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare const SERVER_ENTRY: string[];
