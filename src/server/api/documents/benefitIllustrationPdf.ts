import type { DisplayFormat, IllustrationTable, PricedQuote } from '../../../pricing/calculator.ts';
import type { IllustratedLife } from '../quotes/priceQuote.ts';
import type { StoredQuote } from '../quotes/storedQuotes.ts';
import { cellText } from './displayValue.ts';
import { displayRowsBlock } from './displayRowsBlock.ts';
import {
  bullets,
  COLOURS,
  type Column,
  contentWidth,
  decoratePages,
  type Doc,
  ensureSpace,
  finish,
  font,
  indianDate,
  keyValueGrid,
  newDocument,
  PAGE,
  paragraph,
  pdfSafe,
  sectionTitle,
  table,
} from './pdfKit.ts';

/** Who the letterhead names. */
export interface Letterhead {
  insurerName: string;
  /** The product identification line of the page footers. */
  productIdentification: string;
}

function firstPageHeader(doc: Doc, quote: StoredQuote, letterhead: Letterhead, proposalDate: string): void {
  const { width } = doc.page;
  doc.save().rect(0, 0, width, 86).fill(COLOURS.brand).restore();
  doc.save().rect(0, 86, width, 4).fill(COLOURS.accent).restore();
  font(doc, 16, true, COLOURS.white);
  doc.text(pdfSafe(letterhead.insurerName), PAGE.margin, 22, { width: 330 });
  font(doc, 10.5, false, '#cfe0f5');
  doc.text('Benefit Illustration', PAGE.margin, doc.y + 4, { width: 330 });
  font(doc, 8, false, '#cfe0f5');
  doc.text('QUOTE NUMBER', width - PAGE.margin - 170, 22, { width: 170, align: 'right' });
  font(doc, 13, true, COLOURS.white);
  doc.text(quote.quoteNumber, width - PAGE.margin - 170, doc.y + 1, { width: 170, align: 'right' });
  font(doc, 8, false, '#cfe0f5');
  doc.text(
    `Quote ID ${quote.applicationNumber ?? '-'}  |  Quote date ${indianDate(proposalDate)}`,
    width - PAGE.margin - 230,
    doc.y + 3,
    { width: 230, align: 'right' },
  );
  doc.y = 108;
}

function planBlock(doc: Doc, quote: StoredQuote): void {
  const facts = quote.response.illustration;
  font(doc, 20, true, COLOURS.brandDark);
  doc.text(pdfSafe(facts.planName), PAGE.margin, doc.y, { width: contentWidth(doc) });
  font(doc, 9.5, false, COLOURS.soft);
  doc.text(pdfSafe(`UIN: ${facts.uin}  |  ${facts.subTitle}`), PAGE.margin, doc.y + 3, {
    width: contentWidth(doc),
  });
  doc.y += 6;
}

function lifePairs(title: string, life: IllustratedLife): [string, string][] {
  return [
    [title, life.name || '-'],
    ['Age at entry', `${life.age} years`],
    ['Gender', `${life.gender}${life.relationship ? ` (${life.relationship})` : ''}`],
  ];
}

/** Who is insured, who proposes, and which quote this is. */
function customerBlock(doc: Doc, quote: StoredQuote, proposalDate: string): void {
  const facts = quote.response.illustration;
  sectionTitle(doc, 'Customer and quote');
  keyValueGrid(doc, [
    ...lifePairs('Life assured', facts.life),
    ...(facts.secondLife ? lifePairs('Second life', facts.secondLife) : []),
    ...(facts.proposerName ? ([['Proposer', facts.proposerName]] as [string, string][]) : []),
    ...(facts.staff
      ? ([
          ['Employer', facts.staff.employer],
          ['Employee code', facts.staff.employeeCode],
        ] as [string, string][])
      : []),
    // The numbers by the names every screen gives them: the Quote ID is the application's
    // 10-digit number, the quote reference the quote's own.
    ['Quote reference', quote.quoteNumber],
    ['Quote ID', quote.applicationNumber ?? '-'],
    ['Quote date', indianDate(proposalDate)],
  ]);
}

const COLUMN_WEIGHT: Record<DisplayFormat, number> = {
  rupees: 1.35,
  text: 1.6,
  date: 1.1,
  years: 0.85,
  age: 0.85,
  number: 0.85,
  percent: 0.9,
};

/** Header font size of illustration tables (pdfKit's table draws headers at 8.5 - 0.5). */
const HEADER_SIZE = 8;
/** Horizontal padding of a table cell, both sides (pdfKit's table). */
const CELL_PADDING = 10;

/**
 * Column weights: by the kind of figure, widened where a header's longest word would not fit,
 * so no header breaks inside a word ('Second' never prints as 'S econd').
 */
function columnWeights(doc: Doc, illustration: IllustrationTable): number[] {
  font(doc, HEADER_SIZE, true);
  const needed = illustration.columns.map(
    (column) =>
      Math.max(
        ...pdfSafe(column.label)
          .split(/\s+/)
          .map((word) => doc.widthOfString(word)),
      ) +
      CELL_PADDING +
      3,
  );
  let weights = illustration.columns.map((column) => COLUMN_WEIGHT[column.format]);
  for (let pass = 0; pass < 3; pass++) {
    const perWeight = contentWidth(doc) / weights.reduce((sum, weight) => sum + weight, 0);
    weights = weights.map((weight, index) => Math.max(weight, needed[index]! / perWeight));
  }
  return weights;
}

/** One illustration table of the calculator, its columns as it names them, a row a line. */
function illustrationTable(doc: Doc, illustration: IllustrationTable): void {
  sectionTitle(doc, illustration.title, 80);
  const weights = columnWeights(doc, illustration);
  const columns: Column[] = illustration.columns.map((column, index) => ({
    header: column.label,
    weight: weights[index]!,
    align: column.format === 'text' ? 'left' : column.format === 'rupees' ? 'right' : 'center',
  }));
  const rows = illustration.rows.map((row) =>
    illustration.columns.map((column) => cellText(row[column.id], column.format)),
  );
  table(doc, columns, rows);
}

function signatureLines(doc: Doc): void {
  ensureSpace(doc, 70);
  doc.y += 14;
  paragraph(
    doc,
    'I have read and understood this benefit illustration and the features of the plan option I have chosen.',
    { size: 9 },
  );
  const y = doc.y + 28;
  const line = (x: number, width: number) =>
    doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.soft)
      .stroke()
      .restore();
  line(PAGE.margin, 200);
  line(PAGE.margin + contentWidth(doc) - 140, 140);
  font(doc, 8, false, COLOURS.soft);
  doc.text('Signature of the proposer', PAGE.margin, y + 4, { width: 200 });
  doc.text('Date', PAGE.margin + contentWidth(doc) - 140, y + 4, { width: 140 });
}

/**
 * The benefit illustration of a stored quote, for any calculator (spec 02 §2.7, §7):
 * letterhead, plan and UIN, the lives, the plan option, what the visitor pays and gets, the
 * premium breakup, how the figure was calculated, each of the calculator's illustration
 * tables and its footnotes. `priced` is the stored quote's priced quote (IllustratedQuotes:
 * priced again on the quote's own basis version and checked figure by figure against the
 * stored answer), so the PDF equals the screen to the rupee.
 */
export function benefitIllustrationPdf(
  quote: StoredQuote,
  priced: PricedQuote,
  letterhead: Letterhead,
): Promise<Buffer> {
  const { illustration: facts, answer } = quote.response;
  const { proposalDate } = answer.data.quotePlanSectionDetails;
  const doc = newDocument({
    title: `Benefit Illustration ${quote.quoteNumber}`,
    subject: `${facts.planName} (UIN ${facts.uin}), ${priced.optionName}`,
    author: letterhead.insurerName,
    keywords: `${quote.quoteNumber} ${quote.applicationNumber ?? ''} ${facts.uin}`,
    creationDate: quote.createdAt,
  });

  firstPageHeader(doc, quote, letterhead, proposalDate);
  planBlock(doc, quote);
  customerBlock(doc, quote, proposalDate);

  sectionTitle(doc, 'Plan option');
  paragraph(doc, `${priced.optionName} (${priced.componentCode})`, { size: 11, bold: true, gap: 2 });
  if (facts.optionDescription) {
    paragraph(doc, facts.optionDescription, { size: 9.5, colour: COLOURS.soft, gap: 2 });
  }
  paragraph(doc, facts.kind, { size: 9.5, colour: COLOURS.soft, gap: 6 });

  const blocks: [string, typeof priced.youPay][] = [
    ['You pay', priced.youPay],
    ['You get', priced.youGet],
    ['Premium breakup', priced.breakup],
    ['How we calculated this', priced.explanation],
  ];
  for (const [title, rows] of blocks) {
    if (!rows.length) continue;
    sectionTitle(doc, title, 60);
    displayRowsBlock(doc, rows);
  }

  // Tables follow on: each starts on a new page only when its title and header would not fit.
  for (const illustration of priced.illustration.tables) illustrationTable(doc, illustration);

  const notes = [
    ...priced.illustration.footnotes,
    ...(facts.basisDate
      ? [
          `Priced on the basis dated ${indianDate(facts.basisDate)}; this illustration is built from the stored quote ${quote.quoteNumber} and shows exactly what was quoted.`,
        ]
      : [
          `This illustration is built from the stored quote ${quote.quoteNumber} and shows exactly what was quoted.`,
        ]),
    'Amounts are in rupees (Rs.) with Indian digit grouping.',
  ];
  sectionTitle(doc, 'Notes');
  bullets(doc, notes, 8.5);
  signatureLines(doc);

  decoratePages(doc, {
    header: `${letterhead.insurerName}  |  Benefit Illustration  |  Quote ${quote.quoteNumber}`,
    footer: letterhead.productIdentification,
    skipFirstHeader: true,
  });
  return finish(doc);
}
