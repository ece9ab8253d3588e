/**
 * The ajv options of every form validator, compiled at run time (Node: server, tools) or
 * ahead of time into standalone code (the browser's precompiled validators): one list, so
 * both give the same errors. `verbose` is off: nothing reads the schema copies it would put
 * into each error, and they would be written into the generated code.
 */
export const AJV_OPTIONS = { allErrors: true, $data: true, verbose: false, inlineRefs: false } as const;
