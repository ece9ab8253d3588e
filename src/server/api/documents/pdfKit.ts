import PDFDocument from 'pdfkit';
import { indianGrouping } from '../../../pricing/indianGrouping.ts';

/*
 * Small drawing kit shared by the benefit illustration and the brochure: A4 pages in the
 * built-in Helvetica (nothing embedded, nothing fetched), the app's colours, and blocks that
 * move to a new page rather than run off the bottom or split a table row.
 */

export type Doc = PDFKit.PDFDocument;

export const COLOURS = {
  brand: '#0b4f9c',
  brandDark: '#083a73',
  tint: '#e8f0fb',
  accent: '#f28c28',
  accentTint: '#fdf0e3',
  ink: '#1b2533',
  soft: '#5a6677',
  line: '#dbe2ec',
  zebra: '#f5f8fc',
  white: '#ffffff',
} as const;

export const PAGE = { margin: 40, top: 64, bottom: 56 } as const;

// Characters of Windows-1252 above 0x7F that Helvetica's standard encoding can print.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = {
  '₹': 'Rs.',
  '−': '-',
  '≈': '~',
  '✓': 'v',
  '→': '->',
  '≤': '<=',
  '≥': '>=',
  '\u2009': ' ',
  '\u202f': ' ',
};

/**
 * Text the built-in fonts can print: the rupee sign becomes 'Rs.', a few symbols their ASCII
 * look-alikes, and anything else outside Windows-1252 '?', rather than a wrong glyph.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || char === '\n') out += char;
    else if (WIN_ANSI_EXTRA.has(char)) out += char;
    else out += '?';
  }
  return out;
}

/** 'Rs. 1,70,108' (Indian grouping; Helvetica has no rupee sign). */
export function rupees(amount: number): string {
  return `Rs. ${indianGrouping(amount)}`;
}

/** 'yyyy-mm-dd' as 'dd/mm/yyyy'. */
export function indianDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return day && month && year ? `${day}/${month}/${year}` : iso;
}

export interface NewDocument {
  title: string;
  subject: string;
  author: string;
  keywords?: string;
  /** Fixed so the same input gives the same bytes. */
  creationDate: Date;
}

/** An A4 document with buffered pages (headers and page numbers are drawn at the end). */
export function newDocument(meta: NewDocument): Doc {
  return new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    info: {
      Title: pdfSafe(meta.title),
      Subject: pdfSafe(meta.subject),
      Author: pdfSafe(meta.author),
      Creator: 'bimaflow',
      Producer: 'bimaflow (pdfkit)',
      ...(meta.keywords ? { Keywords: pdfSafe(meta.keywords) } : {}),
      CreationDate: meta.creationDate,
      ModDate: meta.creationDate,
    },
  });
}

/** Collects the document's bytes; call after drawing, it ends the document. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export const contentWidth = (doc: Doc) => doc.page.width - PAGE.margin * 2;
const bottomLimit = (doc: Doc) => doc.page.height - PAGE.bottom;

/** Starts a new page unless `height` more points fit on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

export function font(doc: Doc, size: number, bold = false, colour: string = COLOURS.ink): Doc {
  return doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .fillColor(colour);
}

/** Text at the left margin across the content width, moving doc.y below it. */
export function paragraph(
  doc: Doc,
  text: string,
  options: { size?: number; bold?: boolean; colour?: string; gap?: number; align?: 'left' | 'justify' } = {},
): void {
  font(doc, options.size ?? 9.5, options.bold, options.colour);
  doc.text(pdfSafe(text), PAGE.margin, doc.y, {
    width: contentWidth(doc),
    lineGap: 1.5,
    align: options.align ?? 'left',
  });
  doc.y += options.gap ?? 4;
}

/** A section heading with a short accent rule under it, kept on a page with `keepWith` points of what follows. */
export function sectionTitle(doc: Doc, title: string, keepWith = 40): void {
  ensureSpace(doc, 30 + keepWith);
  doc.y += 6;
  font(doc, 12.5, true, COLOURS.brandDark);
  doc.text(pdfSafe(title), PAGE.margin, doc.y, { width: contentWidth(doc) });
  const y = doc.y + 2;
  doc.save().rect(PAGE.margin, y, 36, 2.5).fill(COLOURS.accent).restore();
  doc.y = y + 8;
}

/** Bulleted lines, each kept whole on a page. */
export function bullets(doc: Doc, lines: string[], size = 9.5): void {
  const width = contentWidth(doc) - 14;
  for (const line of lines) {
    font(doc, size);
    const text = pdfSafe(line);
    const height = doc.heightOfString(text, { width, lineGap: 1.5 });
    ensureSpace(doc, height + 4);
    const y = doc.y;
    doc
      .save()
      .circle(PAGE.margin + 3.5, y + size * 0.45, 2)
      .fill(COLOURS.accent)
      .restore();
    font(doc, size);
    doc.text(text, PAGE.margin + 14, y, { width, lineGap: 1.5 });
    doc.y += 3;
  }
}

/**
 * Label-and-value pairs in a grid of `columns` columns: a small grey label over the value.
 * Each row is as tall as its tallest cell and never split across pages.
 */
export function keyValueGrid(doc: Doc, pairs: [string, string][], columns = 3): void {
  const gap = 14;
  const cellWidth = (contentWidth(doc) - gap * (columns - 1)) / columns;
  for (let start = 0; start < pairs.length; start += columns) {
    const row = pairs.slice(start, start + columns).map(([label, value]) => [pdfSafe(label), pdfSafe(value)]);
    const heights = row.map(([label, value]) => {
      font(doc, 7.5);
      const labelHeight = doc.heightOfString(label!, { width: cellWidth });
      font(doc, 10, true);
      return labelHeight + 2 + doc.heightOfString(value!, { width: cellWidth });
    });
    const height = Math.max(...heights);
    ensureSpace(doc, height + 8);
    const y = doc.y;
    row.forEach(([label, value], index) => {
      const x = PAGE.margin + index * (cellWidth + gap);
      font(doc, 7.5, false, COLOURS.soft);
      doc.text(label!.toUpperCase(), x, y, { width: cellWidth, characterSpacing: 0.3 });
      font(doc, 10, true);
      doc.text(value!, x, doc.y + 2, { width: cellWidth });
    });
    doc.y = y + height + 8;
  }
}

export interface Column {
  header: string;
  /** Relative width. */
  weight: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * A table across the content width: a brand-coloured header row (repeated on every page the
 * table runs onto), zebra rows, right-aligned figures. Rows are never split.
 */
export function table(doc: Doc, columns: Column[], rows: string[][], options: { size?: number } = {}): void {
  const size = options.size ?? 8.5;
  const padX = 5;
  const padY = 4;
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / total) * contentWidth(doc));
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));

  const headerHeight =
    Math.max(
      ...columns.map((c, i) => {
        font(doc, size - 0.5, true);
        return doc.heightOfString(pdfSafe(c.header), { width: widths[i]! - padX * 2 });
      }),
    ) +
    padY * 2;

  const drawHeader = () => {
    const y = doc.y;
    doc.save().rect(PAGE.margin, y, contentWidth(doc), headerHeight).fill(COLOURS.brand).restore();
    columns.forEach((c, i) => {
      font(doc, size - 0.5, true, COLOURS.white);
      doc.text(pdfSafe(c.header), xs[i]! + padX, y + padY, {
        width: widths[i]! - padX * 2,
        align: c.align ?? 'left',
      });
    });
    doc.y = y + headerHeight;
  };

  ensureSpace(doc, headerHeight + 40);
  drawHeader();
  rows.forEach((cells, index) => {
    font(doc, size);
    const rowHeight =
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(pdfSafe(cell), { width: widths[i]! - padX * 2 })),
      ) +
      padY * 2 -
      1;
    if (doc.y + rowHeight > bottomLimit(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    if (index % 2 === 1)
      doc.save().rect(PAGE.margin, y, contentWidth(doc), rowHeight).fill(COLOURS.zebra).restore();
    cells.forEach((cell, i) => {
      font(doc, size);
      doc.text(pdfSafe(cell), xs[i]! + padX, y + padY - 0.5, {
        width: widths[i]! - padX * 2,
        align: columns[i]!.align ?? 'left',
      });
    });
    doc
      .save()
      .moveTo(PAGE.margin, y + rowHeight)
      .lineTo(PAGE.margin + contentWidth(doc), y + rowHeight)
      .lineWidth(0.4)
      .strokeColor(COLOURS.line)
      .stroke()
      .restore();
    doc.y = y + rowHeight;
  });
  doc.y += 6;
}

/**
 * On every page: a slim brand band at the top (except where `skipFirstHeader` leaves the first
 * page to its own header) and a footer with the product identification and 'Page n of N'.
 * Margins are lifted while drawing so nothing here starts a new page.
 */
export function decoratePages(
  doc: Doc,
  options: { header: string; footer: string; skipFirstHeader: boolean },
): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const { width, height, margins } = doc.page;
    const saved = { ...margins };
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    if (!(options.skipFirstHeader && index === start)) {
      doc.save().rect(0, 0, width, 34).fill(COLOURS.brand).restore();
      font(doc, 9, true, COLOURS.white);
      doc.text(pdfSafe(options.header), PAGE.margin, 13, {
        width: width - PAGE.margin * 2,
        lineBreak: false,
      });
    }
    const footerY = height - PAGE.bottom + 14;
    doc
      .save()
      .moveTo(PAGE.margin, footerY - 6)
      .lineTo(width - PAGE.margin, footerY - 6)
      .lineWidth(0.5)
      .strokeColor(COLOURS.line)
      .stroke()
      .restore();
    font(doc, 7, false, COLOURS.soft);
    doc.text(pdfSafe(options.footer), PAGE.margin, footerY, { width: width - PAGE.margin * 2 - 70 });
    font(doc, 7.5, true, COLOURS.soft);
    doc.text(`Page ${index - start + 1} of ${count}`, width - PAGE.margin - 70, footerY, {
      width: 70,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins = saved;
  }
}
