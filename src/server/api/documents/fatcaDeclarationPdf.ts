import commonContent from '../../../../schemas/common/content.json' with { type: 'json' };
import {
  bullets,
  COLOURS,
  contentWidth,
  decoratePages,
  type Doc,
  finish,
  font,
  newDocument,
  PAGE,
  paragraph,
  pdfSafe,
  sectionTitle,
  table,
} from './pdfKit.ts';

/*
 * The FATCA / CRS self-certification the proposal's FATCA step links to (spec 02 §2.2: 'A
 * static FATCA document is linked'): what the buyer declares on that step and why, in the
 * words an Indian life insurer uses. The same for every plan; the insurer's name is the
 * shared content's.
 */

const INSURER = commonContent.insurer;
const TITLE = 'FATCA and CRS self-certification';

function hero(doc: Doc): void {
  const { width } = doc.page;
  const height = 132;
  doc.save().rect(0, 0, width, height).fill(COLOURS.brand).restore();
  doc
    .save()
    .circle(width - 50, 24, 96)
    .fillOpacity(0.08)
    .fill(COLOURS.white)
    .restore();
  font(doc, 10, true, '#cfe0f5');
  doc.text(pdfSafe(INSURER.name), PAGE.margin, 26, { width: 380 });
  font(doc, 9, true, COLOURS.accent);
  doc.text('DECLARATION FOR INDIVIDUALS', PAGE.margin, 50, { characterSpacing: 1.2 });
  font(doc, 24, true, COLOURS.white);
  doc.text(TITLE, PAGE.margin, doc.y + 4, { width: contentWidth(doc) - 60 });
  font(doc, 10, false, COLOURS.white);
  doc.text(
    'Foreign Account Tax Compliance Act (FATCA) and Common Reporting Standard (CRS): Rules 114F to 114H of the Income-tax Rules, 1962',
    PAGE.margin,
    doc.y + 4,
    { width: contentWidth(doc) - 60 },
  );
  doc.save().rect(0, height, width, 4).fill(COLOURS.accent).restore();
  doc.y = height + 20;
}

const BOX_PAD = 12;

/** The height the declaration box takes for these lines. */
function boxHeight(doc: Doc, lines: string[]): number {
  const width = contentWidth(doc) - BOX_PAD * 2;
  font(doc, 9.5);
  return (
    lines.reduce((sum, line) => sum + doc.heightOfString(pdfSafe(line), { width, lineGap: 1.5 }) + 5, 0) +
    BOX_PAD * 2
  );
}

/** A tinted box holding the words the buyer declares (its section title keeps it on the same page). */
function declarationBox(doc: Doc, lines: string[]): void {
  const width = contentWidth(doc) - BOX_PAD * 2;
  const height = boxHeight(doc, lines);
  const y = doc.y;
  doc.save().roundedRect(PAGE.margin, y, contentWidth(doc), height, 6).fill(COLOURS.tint).restore();
  doc.save().roundedRect(PAGE.margin, y, 4, height, 2).fill(COLOURS.brand).restore();
  doc.y = y + BOX_PAD;
  for (const line of lines) {
    font(doc, 9.5);
    doc.text(pdfSafe(line), PAGE.margin + BOX_PAD, doc.y, { width, lineGap: 1.5 });
    doc.y += 5;
  }
  doc.y = y + height + 8;
}

/**
 * The FATCA / CRS declaration as a PDF: why it is asked, who must declare what, the
 * declaration itself and what to do when something changes. Helvetica only; the same bytes
 * on every call (a fixed creation date), so it can be built once and cached.
 */
export function fatcaDeclarationPdf(): Promise<Buffer> {
  const doc = newDocument({
    title: `${TITLE} - ${INSURER.name}`,
    subject: 'FATCA / CRS self-certification of a policyholder (Rules 114F to 114H, Income-tax Rules, 1962)',
    author: INSURER.name,
    keywords: 'FATCA CRS self-certification tax residency TIN 114F 114G 114H',
    creationDate: new Date('2025-01-01T00:00:00Z'),
  });

  hero(doc);

  sectionTitle(doc, 'Why we ask');
  paragraph(
    doc,
    'India has agreed with the United States of America to exchange information under the Foreign Account Tax Compliance Act (FATCA), and with other countries under the Common Reporting Standard (CRS) of the OECD. Section 285BA of the Income-tax Act, 1961 and Rules 114F, 114G and 114H of the Income-tax Rules, 1962 require every reporting financial institution in India, life insurers included, to identify policyholders who are tax resident in a country other than India and to report their policies to the Income Tax Department every year.',
    { align: 'justify' },
  );
  paragraph(
    doc,
    `${INSURER.name} therefore asks every proposer to certify their tax residency. This is a self-certification: we rely on what you declare, and the Income Tax Department may share it with the tax authority of the country you are tax resident in.`,
    { align: 'justify' },
  );

  sectionTitle(doc, 'Who must declare');
  bullets(doc, [
    'Every proposer (the policyholder) certifies whether they are tax resident in any country other than India.',
    'You are tax resident in a country when its laws tax you as its resident, for example because you live there for long enough in a year or have a permanent home there. A country may treat you as its tax resident even if you are also an Indian tax resident.',
    'Citizens of the United States of America and US green card holders are US tax residents wherever they live, and must always declare the United States.',
    'You must also answer the FATCA questions when your place of birth, citizenship, address or telephone number is outside India, or when you have asked for money to be paid to an account outside India.',
  ]);

  sectionTitle(doc, 'What you declare');
  bullets(doc, [
    'Your country of birth, your city of birth and your nationality.',
    'Each country other than India in which you are tax resident, with your address in that country.',
    'For each such country, your Taxpayer Identification Number (TIN) or its equivalent (for the United States, your Social Security Number or ITIN). If you have none, the reason, from the table below.',
  ]);
  table(
    doc,
    [
      { header: 'Reason', weight: 0.7, align: 'center' },
      { header: 'When there is no TIN', weight: 5.3 },
    ],
    [
      ['A', 'The country of tax residence does not issue TINs to its residents.'],
      [
        'B',
        'You cannot obtain a TIN or its equivalent (please say why in the form, for example that you have applied for one).',
      ],
      ['C', 'The country does not require its TIN to be disclosed or collected.'],
    ],
    { size: 9 },
  );

  const declaration = [
    'I declare that the information I have given about my tax residency, my country of birth, my nationality and my Taxpayer Identification Numbers is true, correct and complete to the best of my knowledge and belief.',
    `I understand that ${INSURER.name} relies on this information to determine whether my policy is reportable under Rules 114F to 114H of the Income-tax Rules, 1962, and that it may report my policy, its value and payments under it to the Income Tax Department of India, which may exchange this information with the tax authorities of other countries.`,
    'I agree to tell the insurer in writing within 30 days if any of this information changes, and to give a new self-certification and any document it reasonably asks for.',
    'I understand that if I give no self-certification, or one that is incomplete or that the insurer has reason to know is wrong, the insurer may treat my policy as reportable and report it as the law requires.',
  ];
  sectionTitle(doc, 'Your declaration', 24 + boxHeight(doc, declaration));
  paragraph(doc, 'When you complete the FATCA / CRS step of your proposal, you declare as follows:', {
    size: 9.5,
  });
  declarationBox(doc, declaration);

  sectionTitle(doc, 'If your information changes');
  bullets(doc, [
    'Tell us within 30 days when you become, or stop being, tax resident in another country, change your nationality, or move your address or telephone number to or from a country outside India.',
    'We may ask you for a new self-certification and documents that support it, such as proof of residence or of citizenship.',
    'Until we have a valid self-certification, we may have to report your policy to the Income Tax Department as the law requires.',
  ]);

  sectionTitle(doc, 'Good to know');
  bullets(
    doc,
    [
      'We cannot give tax advice. If you are not sure about your tax residency or your TIN, please ask a tax adviser or see the website of the tax authority of the country concerned.',
      'What you declare is kept with your policy and used only for the purposes described here and as the law requires.',
    ],
    8.5,
  );
  paragraph(doc, `${INSURER.name}. ${INSURER.registration}`, { size: 7.5, colour: COLOURS.soft });

  decoratePages(doc, {
    header: `${INSURER.name}  |  ${TITLE}`,
    footer: `${TITLE}. Rules 114F to 114H of the Income-tax Rules, 1962.`,
    skipFirstHeader: true,
  });
  return finish(doc);
}
