import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import { basisPercents } from './basisFacts.ts';
import { percentsIn, type Problem } from './problem.ts';
import type { RegisteredCalculator } from './registries.ts';

/*
 * One source for bonuses and discounts: an offer in plan.json (`offers[]` with
 * annuityBonusPercent, discountPercent or benefitBonusPercent) is what the visitor is
 * promised; the calculator's basis holds the percentage the quote applies, under the same
 * id. Copy that quotes an offer's percentage — the offer's own text, the plan's discount
 * message, the content's offers and offer banner — quotes the offers' percentages: each
 * percentage at most as often as the offers give it (a discount message left at '10% online,
 * plus another 10% for staff' after the online offer became 15% quotes 10% once too often),
 * and an offer's own text quotes its own. The content's offers state the same percentages.
 */

const FIELDS = ['annuityBonusPercent', 'discountPercent', 'benefitBonusPercent'] as const;
type Field = (typeof FIELDS)[number];

interface Offer {
  id: string;
  field: Field;
  percent: number;
  index: number;
}

interface ContentOffer {
  text?: unknown;
  banner?: unknown;
  annuityBonusPercent?: unknown;
  discountPercent?: unknown;
  benefitBonusPercent?: unknown;
}

const percent = (p: number) => `${p}%`;
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const and = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export function checkOfferRules(
  code: string,
  config: PlanConfig,
  files: PlanFiles,
  calculator: RegisteredCalculator | undefined,
  content?: unknown,
): Problem[] {
  const problems: Problem[] = [];
  const file = `plans/${code}/plan.json`;
  const basis = calculator ? files[calculator.basisFile] : undefined;
  const percents = basis ? basisPercents(basis) : new Map();
  const basisFile = calculator ? `plans/${code}/${calculator.basisFile}` : 'the pricing basis';
  const offers: Offer[] = [];
  (config.offers ?? []).forEach((offer, index) => {
    const field = FIELDS.find((key) => offer[key] !== undefined);
    const value = field ? offer[field] : undefined;
    if (field && typeof value === 'number') offers.push({ id: offer.id, field, percent: value, index });
  });
  const given = offers.map((o) => o.percent);
  const described = and(offers.map((o) => `${percent(o.percent)} ("${o.id}")`));

  /** Copy quoting offer percentages: none that no offer gives, none more often than the offers give it. */
  const quoting = (at: string, where: string, text: unknown, own?: Offer) => {
    if (typeof text !== 'string' || offers.length === 0) return;
    const quoted = percentsIn(text);
    const left = [...given];
    const extra: number[] = [];
    for (const p of quoted) {
      const i = left.indexOf(p);
      if (i >= 0) left.splice(i, 1);
      else extra.push(p);
    }
    const ownMissing = own !== undefined && !quoted.includes(own.percent);
    if (extra.length === 0 && !ownMissing) return;
    const fix = `Write each offer's percentage as its fact, e.g. {{offers.${own?.id ?? offers[0]!.id}.${own?.field ?? offers[0]!.field}}}%, so the copy follows the offer.`;
    const count = (list: number[], p: number) => list.filter((q) => q === p).length;
    const parts = [...new Set(extra)].map((p) =>
      given.includes(p)
        ? `${percent(p)} ${times(count(quoted, p))} where the offers give it ${times(count(given, p))}`
        : `${percent(p)}, which no offer gives`,
    );
    if (ownMissing) parts.push(`not its own offer's ${percent(own!.percent)}`);
    const wrong = `quotes ${parts.join(', and ')}`;
    problems.push({
      file: at,
      where,
      message: `"${text}" ${wrong}; the offers give ${described}${own ? ` and this is the "${own.id}" offer's text` : ''}. ${fix}`,
    });
  };

  for (const offer of offers) {
    const priced = percents.get(offer.id);
    const where = `/offers/${offer.index}/${offer.field}`;
    if (basis && !priced) {
      problems.push({
        file,
        where,
        message: `promises ${percent(offer.percent)} ("${offer.id}"), but ${basisFile} has no bonus or discount with id "${offer.id}", so the quote would not apply it. Add { "id": "${offer.id}", "percent": ${offer.percent} } to the basis.`,
      });
    } else if (priced && priced.percent !== offer.percent) {
      problems.push({
        file,
        where,
        message: `promises ${percent(offer.percent)} ("${offer.id}"), but ${basisFile} ${priced.where} applies ${percent(priced.percent)}. Make them the same.`,
      });
    }
    quoting(file, `/offers/${offer.index}/text`, config.offers[offer.index]!.text, offer);
  }
  quoting(file, '/discountMessage', config.discountMessage);

  // The content's offers: the same percentages, and copy that quotes them.
  const contentFile = config.content ? `plans/${code}/${config.content}` : undefined;
  const contentOffers = (content as { offers?: Record<string, ContentOffer> } | undefined)?.offers;
  const banner = (content as { landing?: { offerBanner?: ContentOffer } } | undefined)?.landing?.offerBanner;
  const places: Array<[string, ContentOffer | undefined, string]> = [
    ...Object.entries(contentOffers ?? {}).map(
      ([id, offer]) => [`/offers/${id}`, offer, id] as [string, ContentOffer, string],
    ),
    ['/landing/offerBanner', banner, 'online'],
  ];
  if (!contentFile) return problems;
  for (const [where, offer, id] of places) {
    if (!offer || typeof offer !== 'object') continue;
    const own = offers.find((o) => o.id === id);
    for (const field of FIELDS) {
      const stated = offer[field];
      if (stated === undefined) continue;
      if (!own) {
        problems.push({
          file: contentFile,
          where: `${where}/${field}`,
          message: `states ${String(stated)}% for the "${id}" offer, which plan.json /offers does not have (its offers: ${and(offers.map((o) => `"${o.id}"`))})`,
        });
      } else if (stated !== own.percent || field !== own.field) {
        problems.push({
          file: contentFile,
          where: `${where}/${field}`,
          message: `is ${String(stated)}, but plan.json /offers/${own.index}/${own.field} is ${own.percent}. Write "{{offers.${own.id}.${own.field}}}" so the content follows plan.json.`,
        });
      }
    }
    quoting(contentFile, `${where}/text`, offer.text, own);
    quoting(contentFile, `${where}/banner`, offer.banner, own);
  }
  return problems;
}
