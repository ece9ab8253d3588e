import type { DisplayRow } from '../../../pricing/calculator.ts';
import { COLOURS, contentWidth, type Doc, ensureSpace, font, PAGE, pdfSafe } from './pdfKit.ts';
import { rowText } from './displayValue.ts';

/**
 * A calculator's rows as a list: the label on the left, the value with its words on the right
 * half, the row's note in small type under the value. A row is never split across pages.
 * Drawn label first, value second, so a reader's copy of the text reads 'Premium Rs. 2,00,000'.
 */
export function displayRowsBlock(doc: Doc, rows: DisplayRow[]): void {
  const width = contentWidth(doc);
  const labelWidth = width * 0.48;
  const valueX = PAGE.margin + labelWidth + 12;
  const valueWidth = width - labelWidth - 12;
  for (const row of rows) {
    const label = pdfSafe(row.label);
    const value = pdfSafe(rowText(row));
    const note = row.note ? pdfSafe(row.note) : '';
    font(doc, 9.5);
    const labelHeight = doc.heightOfString(label, { width: labelWidth });
    font(doc, 10, true);
    let valueHeight = doc.heightOfString(value, { width: valueWidth });
    if (note) {
      font(doc, 8);
      valueHeight += 2 + doc.heightOfString(note, { width: valueWidth });
    }
    const height = Math.max(labelHeight, valueHeight) + 8;
    ensureSpace(doc, height);
    const y = doc.y;
    font(doc, 9.5, false, COLOURS.soft);
    doc.text(label, PAGE.margin, y + 4, { width: labelWidth });
    font(doc, 10, true);
    doc.text(value, valueX, y + 4, { width: valueWidth });
    if (note) {
      font(doc, 8, false, COLOURS.soft);
      doc.text(note, valueX, doc.y + 2, { width: valueWidth });
    }
    doc
      .save()
      .moveTo(PAGE.margin, y + height)
      .lineTo(PAGE.margin + width, y + height)
      .lineWidth(0.4)
      .strokeColor(COLOURS.line)
      .stroke()
      .restore();
    doc.y = y + height;
  }
  doc.y += 6;
}
