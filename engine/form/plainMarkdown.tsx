import type { ReactNode } from 'react';

/**
 * What the browser build gives RJSF for `markdown-to-jsx/react` (vite.config.ts): the text
 * itself, not parsed. RJSF parses markdown only where a uiSchema asks for it
 * (`enableMarkdownInDescription`, `enableMarkdownInHelp`), which plans:validate refuses, and
 * in its own developer messages (an unsupported field), which plans:validate's render checks
 * keep from appearing. The parser is 86 KB of a phone's first download that no screen uses.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <span className="bf-plain-text">{children}</span>;
}
