import type { FastifyReply } from 'fastify';
import { indianGrouping } from '../../../pricing/indianGrouping.ts';

/*
 * Small server-rendered pages for what the browser reaches by navigation rather than by an
 * API call: the gateway's answer when it cannot be recorded, and the sandbox gateway's
 * pages. No inline script (our CSP forbids it); one inline style block (allowed).
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f4f6f8}
  main{max-width:28rem;margin:0 auto;padding:1rem}
  .card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  h1{font-size:1.25rem;margin:0 0 .75rem}
  p{margin:.5rem 0}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:1rem 0}
  dt{color:#52606d}
  dd{margin:0;font-weight:600;overflow-wrap:anywhere}
  .amount{font-size:1.5rem}
  .banner{background:#fff4e5;border:1px solid #f0b429;border-radius:8px;padding:.5rem .75rem;margin-bottom:1rem;font-size:.875rem}
  label{display:block;font-weight:600;margin:1rem 0 .25rem}
  input[type=text]{width:100%;padding:.75rem;font-size:1rem;border:1px solid #9aa5b1;border-radius:8px}
  input[aria-invalid=true]{border-color:#c62828}
  .hint{font-size:.875rem;color:#52606d;margin:.25rem 0 0}
  .error{color:#c62828;font-size:.875rem;margin:.25rem 0 0}
  .actions{display:grid;gap:.75rem;margin-top:1.25rem}
  button,.button{display:block;width:100%;padding:.85rem 1rem;font-size:1rem;font-weight:600;border-radius:8px;border:1px solid #1f4e9c;background:#1f4e9c;color:#fff;cursor:pointer;text-align:center;text-decoration:none}
  button.secondary{background:#fff;color:#1f4e9c}
  button.danger{background:#fff;color:#c62828;border-color:#c62828}
  button:focus-visible,input:focus-visible,.button:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
`;

/** A whole page: mobile viewport, one heading, the given body (already escaped HTML). */
export function htmlPage(title: string, body: string, { scripts = [] as string[] } = {}): string {
  const scriptTags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${scriptTags}
</head>
<body>
<main>
<div class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</div>
</main>
</body>
</html>
`;
}

/** Sends a page, never cached (it carries one visitor's payment). */
export function sendPage(reply: FastifyReply, statusCode: number, html: string) {
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/** Hidden form inputs for every field, escaped. */
export function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

/** '12345.00' as '₹12,345.00' (Indian grouping, spec 02 / ARCHITECTURE principle 9). */
export function rupees(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `₹${indianGrouping(Number(whole))}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
