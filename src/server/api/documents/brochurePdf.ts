import type { PlanConfig } from '../../../../engine/plan/types.ts';
import type { PlanContent } from '../../../plans/planContent.ts';
import {
  bullets,
  COLOURS,
  contentWidth,
  decoratePages,
  type Doc,
  ensureSpace,
  finish,
  font,
  keyValueGrid,
  newDocument,
  PAGE,
  paragraph,
  pdfSafe,
  rupees,
  sectionTitle,
  table,
} from './pdfKit.ts';

function hero(doc: Doc, config: PlanConfig, content: PlanContent): void {
  const { width } = doc.page;
  const height = 200;
  doc.save().rect(0, 0, width, height).fill(COLOURS.brand).restore();
  doc
    .save()
    .circle(width - 40, 30, 120)
    .fillOpacity(0.08)
    .fill(COLOURS.white)
    .restore();
  doc
    .save()
    .circle(width - 120, height + 10, 70)
    .fillOpacity(0.07)
    .fill(COLOURS.white)
    .restore();
  font(doc, 10, true, '#cfe0f5');
  doc.text(pdfSafe(content.insurer.name), PAGE.margin, 26, { width: 360 });
  font(doc, 9, true, COLOURS.accent);
  doc.text(pdfSafe(config.brochure.preTitle).toUpperCase(), PAGE.margin, 62, { characterSpacing: 1.2 });
  font(doc, 30, true, COLOURS.white);
  doc.text(pdfSafe(config.brochure.title), PAGE.margin, doc.y + 4, { width: contentWidth(doc) - 80 });
  font(doc, 11, false, COLOURS.white);
  doc.text(pdfSafe(config.brochure.subtitle), PAGE.margin, doc.y + 4, { width: contentWidth(doc) - 80 });
  font(doc, 9, false, '#cfe0f5');
  doc.text(pdfSafe(`UIN: ${content.productIdentification.uin}`), PAGE.margin, doc.y + 6);
  font(doc, 9.5, false, COLOURS.white);
  doc.text(pdfSafe(content.brochure.intro), PAGE.margin, doc.y + 10, {
    width: contentWidth(doc) - 60,
    lineGap: 1.5,
  });
  doc.save().rect(0, height, width, 4).fill(COLOURS.accent).restore();
  doc.y = height + 18;
}

/** The plan's offers (plan.json `offers`): the landing banner's words first, then each other offer. */
function offerRibbon(doc: Doc, config: PlanConfig, content: PlanContent): void {
  const banner = content.landing.offerBanner.text;
  const others = config.offers.map((offer) => offer.text).filter((text) => text !== banner);
  const lines = [banner, ...others];
  const height = 22 + 12 * Math.max(others.length, 1);
  const y = doc.y;
  doc.save().roundedRect(PAGE.margin, y, contentWidth(doc), height, 6).fill(COLOURS.accentTint).restore();
  doc.save().roundedRect(PAGE.margin, y, 4, height, 2).fill(COLOURS.accent).restore();
  font(doc, 10.5, true, COLOURS.ink);
  doc.text(pdfSafe(lines[0]!), PAGE.margin + 16, y + 7, { width: contentWidth(doc) - 32 });
  font(doc, 8.5, false, COLOURS.soft);
  for (const line of lines.slice(1)) {
    doc.text(pdfSafe(`${line}.`), PAGE.margin + 16, doc.y + 1, { width: contentWidth(doc) - 32 });
  }
  doc.y = y + height + 4;
}

/** Cards in a grid of two; an odd last card spans the width. Each row is kept on one page. */
function cards(doc: Doc, items: { title: string; body: string }[]): void {
  const gap = 12;
  const pad = 12;
  const half = (contentWidth(doc) - gap) / 2;
  for (let start = 0; start < items.length; start += 2) {
    const row = items.slice(start, start + 2);
    const width = row.length === 1 ? contentWidth(doc) : half;
    const heights = row.map((card) => {
      font(doc, 11, true);
      const title = doc.heightOfString(pdfSafe(card.title), { width: width - pad * 2 });
      font(doc, 9);
      return title + 4 + doc.heightOfString(pdfSafe(card.body), { width: width - pad * 2, lineGap: 1.5 });
    });
    const height = Math.max(...heights) + pad * 2;
    ensureSpace(doc, height + gap);
    const y = doc.y;
    row.forEach((card, index) => {
      const x = PAGE.margin + index * (half + gap);
      doc.save().roundedRect(x, y, width, height, 6).fill(COLOURS.tint).restore();
      doc
        .save()
        .rect(x + pad, y + pad - 4, 22, 2.5)
        .fill(COLOURS.accent)
        .restore();
      font(doc, 11, true, COLOURS.brandDark);
      doc.text(pdfSafe(card.title), x + pad, y + pad + 2, { width: width - pad * 2 });
      font(doc, 9, false, COLOURS.ink);
      doc.text(pdfSafe(card.body), x + pad, doc.y + 4, { width: width - pad * 2, lineGap: 1.5 });
    });
    doc.y = y + height + gap;
  }
}

/** Figures in a row of equal tiles: a big value over a caption. */
function statTiles(doc: Doc, tiles: { value: string; caption: string }[], fill: string, height = 66): void {
  const gap = 12;
  const width = (contentWidth(doc) - gap * (tiles.length - 1)) / tiles.length;
  ensureSpace(doc, height + 8);
  const y = doc.y;
  tiles.forEach((tile, index) => {
    const x = PAGE.margin + index * (width + gap);
    doc.save().roundedRect(x, y, width, height, 6).fill(fill).restore();
    font(doc, height < 60 ? 15 : 17, true, COLOURS.brandDark);
    doc.text(pdfSafe(tile.value), x + 12, y + (height < 60 ? 9 : 12), { width: width - 24 });
    font(doc, 8.5, false, COLOURS.soft);
    doc.text(pdfSafe(tile.caption), x + 12, doc.y + 3, { width: width - 24 });
  });
  doc.y = y + height + 8;
}

/** The four steps of buying, as numbered circles joined by a line. */
function steps(doc: Doc, items: { title: string; body: string }[]): void {
  const gap = 10;
  const width = (contentWidth(doc) - gap * (items.length - 1)) / items.length;
  ensureSpace(doc, 110);
  const y = doc.y + 4;
  const radius = 13;
  doc
    .save()
    .moveTo(PAGE.margin + radius, y + radius)
    .lineTo(PAGE.margin + (items.length - 1) * (width + gap) + radius, y + radius)
    .lineWidth(1.5)
    .strokeColor(COLOURS.line)
    .stroke()
    .restore();
  let bottom = y;
  items.forEach((item, index) => {
    const x = PAGE.margin + index * (width + gap);
    doc
      .save()
      .circle(x + radius, y + radius, radius)
      .fill(COLOURS.brand)
      .restore();
    font(doc, 11, true, COLOURS.white);
    doc.text(String(index + 1), x, y + radius - 5.5, { width: radius * 2, align: 'center' });
    font(doc, 10, true, COLOURS.brandDark);
    doc.text(pdfSafe(item.title), x, y + radius * 2 + 8, { width: width - 4 });
    font(doc, 8.5, false, COLOURS.ink);
    doc.text(pdfSafe(item.body), x, doc.y + 3, { width: width - 4, lineGap: 1.2 });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 6;
}

function range(limits: { min: number; max?: number } | undefined, unit: string): string {
  if (!limits) return '-';
  return limits.max === undefined
    ? `${limits.min} ${unit} and over`
    : `${limits.min} to ${limits.max} ${unit}`;
}

/**
 * 'Visualize your plan': the content's example (premiums, then a yearly payout and a lump sum,
 * the shape content.schema.json gives it), for a plan whose content has one.
 */
function visualize(doc: Doc, content: PlanContent): void {
  const example = (content.landing as { visualize?: PlanContent['landing']['visualize'] }).visualize;
  if (!example) return;
  sectionTitle(doc, example.title, 74);
  statTiles(
    doc,
    [
      {
        value: rupees(example.premium),
        caption: `${example.labels.premium} per year for ${example.premiumYears} years`,
      },
      {
        value: rupees(example.payoutPerYear),
        caption: `${example.labels.payout} per year from age ${example.payoutFromAge}`,
      },
      {
        value: rupees(example.lumpSum),
        caption: `${example.labels.lumpSum} at death at age ${example.lumpSumAtAge}`,
      },
    ],
    COLOURS.accentTint,
  );
  paragraph(doc, example.note, { size: 8, colour: COLOURS.soft });
}

/**
 * The product brochure (spec 02 §2.3 header and side panel link): built from the plan's
 * content file and plan.json. Page 1 sells (hero, offer, benefit cards, the 'Visualize your
 * plan' example); page 2 informs (how it works, plan options, eligibility, how to buy,
 * claims, notes). Helvetica only.
 */
export function brochurePdf(config: PlanConfig, content: PlanContent): Promise<Buffer> {
  const identification = content.productIdentification;
  const doc = newDocument({
    title: `${identification.planName} - Product Brochure`,
    subject: identification.text,
    author: content.insurer.name,
    keywords: `${config.planCode} ${identification.uin} brochure`,
    creationDate: new Date('2025-01-01T00:00:00Z'),
  });

  hero(doc, config, content);
  offerRibbon(doc, config, content);

  sectionTitle(doc, content.landing.benefitCardsTitle);
  cards(doc, content.landing.benefitCards);

  visualize(doc, content);

  sectionTitle(doc, 'Key benefits');
  bullets(doc, content.planFacts);

  doc.addPage();
  sectionTitle(doc, 'How it works');
  bullets(doc, content.brochure.howItWorks);

  sectionTitle(doc, 'Plan options', 80);
  // The joint-life column only for a plan with an option that covers two lives.
  const joint = content.planOptions.some((option) => option.jointLife);
  table(
    doc,
    [
      { header: 'Plan option', weight: 2.6 },
      { header: 'Code', weight: 0.6 },
      { header: 'What you get', weight: 3.2 },
      ...(joint ? [{ header: 'Joint life', weight: 0.8, align: 'center' as const }] : []),
    ],
    content.planOptions.map((option) => [
      option.name,
      option.code,
      option.description,
      ...(joint ? [option.jointLife ? 'Yes' : 'No'] : []),
    ]),
    { size: 8.5 },
  );

  sectionTitle(doc, 'Eligibility', 60);
  const ages = config.ageLimits;
  keyValueGrid(
    doc,
    [
      ['Proposer age', range(ages.proposer, 'years')],
      ['Life assured age', range(ages.insured, 'years')],
      ...(ages.secondaryAgeDifference
        ? ([
            ['Second life', `${range(ages.insured, 'years')}, within ${ages.secondaryAgeDifference} years`],
          ] as [string, string][])
        : []),
      ...config.paymentFrequencies.map(
        (f) => [`${f.value} minimum premium`, rupees(f.minimumPremium)] as [string, string],
      ),
    ],
    4,
  );

  sectionTitle(doc, content.landing.howToBuy.title, 110);
  steps(doc, content.landing.howToBuy.steps);

  const claims = content.landing.claims;
  sectionTitle(doc, claims.title, 56);
  statTiles(
    doc,
    [
      { value: claims.settlementRatio, caption: `${claims.settlementRatioLabel}, ${claims.period}` },
      { value: claims.claimsSettled, caption: `${claims.claimsSettledLabel} in ${claims.period}` },
    ],
    COLOURS.tint,
    48,
  );

  sectionTitle(doc, 'Good to know');
  bullets(doc, [content.landing.paymentAlertNote, ...content.brochure.disclaimers], 8);
  paragraph(doc, `${content.insurer.name}. ${content.insurer.registration}`, {
    size: 7.5,
    colour: COLOURS.soft,
  });

  decoratePages(doc, {
    header: `${content.insurer.name}  |  ${identification.planName}  |  Product Brochure`,
    footer: identification.text,
    skipFirstHeader: true,
  });
  return finish(doc);
}
