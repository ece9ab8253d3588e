import { indianGrouping } from '../../../pricing/indianGrouping.ts';
import type { T54QuoteResult } from '../../../pricing/t54Quote.ts';
import type { StoredQuote } from '../quotes/storedQuotes.ts';
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
  rupees,
  sectionTitle,
  table,
} from './pdfKit.ts';

/** Who the letterhead names. */
export interface Letterhead {
  insurerName: string;
  /** The product identification line of the page footers. */
  productIdentification: string;
}

const PER_YEAR: Record<string, string> = {
  Yearly: 'a year',
  'Half Yearly': 'every half-year',
  Quarterly: 'a quarter',
  Monthly: 'a month',
};

const per = (frequency: string) => PER_YEAR[frequency] ?? frequency.toLowerCase();
const figure = (amount: number) => (amount ? indianGrouping(amount) : '-');

function firstPageHeader(doc: Doc, quote: StoredQuote, letterhead: Letterhead): void {
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
    `Application ${quote.applicationNumber ?? '-'}  |  Quote date ${indianDate(quote.response.result.proposalDate)}`,
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

/** The two boxes the review screen shows: what the customer pays and what they get. */
function payGetBoxes(doc: Doc, result: T54QuoteResult): void {
  const gap = 14;
  const boxWidth = (contentWidth(doc) - gap) / 2;
  const height = 92;
  ensureSpace(doc, height + 10);
  const y = doc.y;
  const box = (x: number, fill: string, edge: string, title: string, big: string, lines: string[]) => {
    doc.save().roundedRect(x, y, boxWidth, height, 6).fill(fill).restore();
    doc.save().roundedRect(x, y, 4, height, 2).fill(edge).restore();
    font(doc, 8, true, COLOURS.soft);
    doc.text(title.toUpperCase(), x + 16, y + 12, { width: boxWidth - 28, characterSpacing: 0.4 });
    font(doc, 17, true, COLOURS.ink);
    doc.text(pdfSafe(big), x + 16, doc.y + 3, { width: boxWidth - 28 });
    font(doc, 8.5, false, COLOURS.soft);
    for (const line of lines) doc.text(pdfSafe(line), x + 16, doc.y + 2, { width: boxWidth - 28 });
  };
  const { youPay, youGet } = result;
  box(
    PAGE.margin,
    COLOURS.tint,
    COLOURS.brand,
    'You pay',
    `${rupees(youPay.installmentPremiumWithTaxFY)} ${per(youPay.premiumFrequency)}`,
    [
      `for ${youPay.premiumPayingTerm} years (premium paying term)`,
      `Total premiums payable ${rupees(youPay.totalPremiumPayable)}`,
    ],
  );
  const returns = [
    youGet.returnOfPurchasePrice ? `${rupees(youGet.returnOfPurchasePrice)} returned on death` : '',
    youGet.totalSurvivalReturns
      ? `${rupees(youGet.totalSurvivalReturns)} back in instalments while alive`
      : '',
  ].filter(Boolean);
  box(
    PAGE.margin + boxWidth + gap,
    COLOURS.accentTint,
    COLOURS.accent,
    'You get',
    `${rupees(youGet.annuityInstallmentAmount)} ${per(youGet.annuityFrequency)}`,
    [`guaranteed for life, from age ${youGet.fromAge} (${rupees(youGet.annualAnnuity)} a year)`, ...returns],
  );
  doc.y = y + height + 10;
}

function scheduleTable(doc: Doc, result: T54QuoteResult): void {
  const joint = result.category === 'Joint';
  const survival = result.schedule.some((row) => row.survivalReturn > 0);
  const columns: Column[] = [
    { header: 'Policy year', weight: 0.8, align: 'center' },
    { header: joint ? 'Age\n(life 1)' : 'Age', weight: 0.85, align: 'center' },
    ...(joint ? [{ header: 'Age\n(life 2)', weight: 0.85, align: 'center' as const }] : []),
    { header: 'Premium paid in the year (Rs.)', weight: 1.35, align: 'right' },
    { header: 'Total premiums paid (Rs.)', weight: 1.4, align: 'right' },
    { header: 'Guaranteed annuity in the year (Rs.)', weight: 1.4, align: 'right' },
    ...(survival ? [{ header: 'Survival return (Rs.)', weight: 1.2, align: 'right' as const }] : []),
    { header: 'Death benefit (Rs.)', weight: 1.35, align: 'right' },
    { header: 'Surrender value (Rs.)', weight: 1.3, align: 'right' },
  ];
  const rows = result.schedule.map((row) => [
    String(row.policyYear),
    String(row.age),
    ...(joint ? [String(row.secondAge ?? '')] : []),
    figure(row.premiumPaid),
    figure(row.totalPremiumsPaid),
    figure(row.guaranteedAnnuity),
    ...(survival ? [figure(row.survivalReturn)] : []),
    figure(row.deathBenefit),
    figure(row.surrenderValue),
  ]);
  table(doc, columns, rows);
}

/**
 * The benefit illustration of a stored quote (spec 02 §2.7, §7): letterhead, plan, customer,
 * quote and application numbers, the plan option, premium, terms and adjustments, the
 * You pay / You get summary, the year-by-year table and the footnotes. Every figure is read
 * from the stored quote, none is priced again, so the PDF equals the screen to the rupee.
 */
export function benefitIllustrationPdf(quote: StoredQuote, letterhead: Letterhead): Promise<Buffer> {
  const { result, illustration: facts } = quote.response;
  const doc = newDocument({
    title: `Benefit Illustration ${quote.quoteNumber}`,
    subject: `${facts.planName} (UIN ${facts.uin}), ${result.planOptionName}`,
    author: letterhead.insurerName,
    keywords: `${quote.quoteNumber} ${quote.applicationNumber ?? ''} ${facts.uin}`,
    creationDate: quote.createdAt,
  });

  firstPageHeader(doc, quote, letterhead);
  planBlock(doc, quote);

  sectionTitle(doc, 'Customer and quote');
  keyValueGrid(doc, [
    ['Annuitant', facts.annuitant.name],
    ['Age at entry', `${facts.annuitant.age} years`],
    ['Gender', facts.annuitant.gender],
    ...(facts.secondAnnuitant
      ? ([
          ['Second annuitant (joint life)', facts.secondAnnuitant.name || '-'],
          ['Age at entry', `${facts.secondAnnuitant.age} years`],
          [
            'Gender',
            `${facts.secondAnnuitant.gender}${facts.secondAnnuitant.relationship ? ` (${facts.secondAnnuitant.relationship})` : ''}`,
          ],
        ] as [string, string][])
      : []),
    ...(facts.proposerName ? ([['Proposer', facts.proposerName]] as [string, string][]) : []),
    ['Quote number', quote.quoteNumber],
    ['Application number', quote.applicationNumber ?? '-'],
    ['Quote date', indianDate(result.proposalDate)],
  ]);

  sectionTitle(doc, 'Plan option');
  paragraph(doc, `${result.planOptionName} (${result.componentCode})`, { size: 11, bold: true, gap: 2 });
  paragraph(doc, facts.optionDescription, { size: 9.5, colour: COLOURS.soft, gap: 2 });
  paragraph(
    doc,
    result.category === 'Joint'
      ? 'Joint life: the annuity is paid while either annuitant is alive; benefits on death are paid on the death of the last survivor.'
      : 'Single life: the annuity is paid for the lifetime of the annuitant.',
    { size: 9.5, colour: COLOURS.soft, gap: 6 },
  );

  sectionTitle(doc, 'Premium and annuity');
  keyValueGrid(doc, [
    ['Premium (before tax)', `${rupees(result.installmentPremium)} ${per(result.premiumFrequency)}`],
    ['Premium frequency', result.premiumFrequency],
    ['Annualised premium', rupees(result.annualPremium)],
    [`GST on first-year premium (${result.gstFirstYearPercent}%)`, rupees(result.gstAmount)],
    ['First-year premium with GST', rupees(result.installmentPremiumWithTaxFY)],
    ['Premium paying term', `${result.premiumPayingTerm} years`],
    ['Total premiums payable', rupees(result.totalPremiumPayable)],
    ['Deferment period', `${result.defermentYears} years (annuity starts at age ${result.vestingAge})`],
    ['Annuity frequency', result.annuityFrequency],
    ['Annuity instalment', rupees(result.annuityInstallmentAmount)],
    ['Annuity a year', rupees(result.annualAnnuity)],
    ['First annuity paid at age', String(result.firstPayoutAge)],
  ]);

  sectionTitle(doc, 'Adjustments included in the annuity');
  const adjustments = quote.response.answer.data.quotePlanSectionDetails.bonuses.map((bonus) => {
    if (bonus.id === 'staff' && facts.staff) {
      return `${bonus.text}: +${bonus.percent}% applied (employer ${facts.staff.employer}, employee code ${facts.staff.employeeCode}).`;
    }
    return `${bonus.text}: ${bonus.applied ? `+${bonus.percent}% applied` : 'not applicable'}.`;
  });
  const factor = result.explanation.frequencyFactor;
  adjustments.push(
    factor === 1
      ? 'Yearly annuity: paid in full at the end of each year after the deferment period.'
      : `${result.annuityFrequency} annuity: ${factor} of the yearly amount, paid in instalments (earlier payments are worth more).`,
  );
  bullets(doc, adjustments);

  sectionTitle(doc, 'Summary', 102);
  payGetBoxes(doc, result);

  doc.addPage();
  sectionTitle(doc, 'Year-by-year benefits (guaranteed)');
  paragraph(
    doc,
    `Age is age last birthday at the start of each policy year. The annuity of a year is paid ${result.annuityFrequency === 'Yearly' ? 'at its end' : 'in instalments during it'}. The death benefit is payable if death occurs in that year; the surrender value is at the end of the year.`,
    { size: 8.5, colour: COLOURS.soft, gap: 6 },
  );
  scheduleTable(doc, result);

  sectionTitle(doc, 'Notes');
  bullets(
    doc,
    [
      ...result.footnotes,
      facts.gstNote,
      'The benefits shown are guaranteed: they do not depend on investment returns. Amounts are in rupees (Rs.) with Indian digit grouping.',
      `Priced on the basis dated ${indianDate(facts.basisDate)}; this illustration is built from the stored quote ${quote.quoteNumber} and shows exactly what was quoted.`,
    ],
    8.5,
  );

  ensureSpace(doc, 70);
  doc.y += 14;
  paragraph(
    doc,
    'I have read and understood this benefit illustration and the features of the plan option I have chosen.',
    { size: 9 },
  );
  const y = doc.y + 28;
  doc
    .save()
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + 200, y)
    .lineWidth(0.5)
    .strokeColor(COLOURS.soft)
    .stroke()
    .restore();
  doc
    .save()
    .moveTo(PAGE.margin + contentWidth(doc) - 140, y)
    .lineTo(PAGE.margin + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(COLOURS.soft)
    .stroke()
    .restore();
  font(doc, 8, false, COLOURS.soft);
  doc.text('Signature of the proposer', PAGE.margin, y + 4, { width: 200 });
  doc.text('Date', PAGE.margin + contentWidth(doc) - 140, y + 4, { width: 140 });

  decoratePages(doc, {
    header: `${letterhead.insurerName}  |  Benefit Illustration  |  Quote ${quote.quoteNumber}`,
    footer: letterhead.productIdentification,
    skipFirstHeader: true,
  });
  return finish(doc);
}
