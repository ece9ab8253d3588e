import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import { basisPercents } from './basisFacts.ts';
import { percentsIn, type Problem } from './problem.ts';
import type { RegisteredCalculator } from './registries.ts';

/*
 * One source for bonuses and discounts: an offer in plan.json (`offers[]` with
 * annuityBonusPercent or discountPercent) is what the visitor is promised; the calculator's
 * basis holds the percentage the quote applies, under the same id. The offer's own text and
 * the plan's discount message must quote the same percentages.
 */
export function checkOfferRules(
  code: string,
  config: PlanConfig,
  files: PlanFiles,
  calculator: RegisteredCalculator | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const file = `plans/${code}/plan.json`;
  const basis = calculator ? files[calculator.basisFile] : undefined;
  const percents = basis ? basisPercents(basis) : new Map();
  const basisFile = calculator ? `plans/${code}/${calculator.basisFile}` : 'the pricing basis';
  const offered: number[] = [];
  (config.offers ?? []).forEach((offer, i) => {
    const field = (['annuityBonusPercent', 'discountPercent', 'benefitBonusPercent'] as const).find(
      (key) => offer[key] !== undefined,
    );
    if (!field) return;
    const percent = offer[field];
    if (percent === undefined) return;
    offered.push(percent);
    const priced = percents.get(offer.id);
    if (basis && !priced) {
      problems.push({
        file,
        where: `/offers/${i}/${field}`,
        message: `promises ${percent}% ("${offer.id}"), but ${basisFile} has no bonus or discount with id "${offer.id}", so the quote would not apply it. Add { "id": "${offer.id}", "percent": ${percent} } to the basis.`,
      });
    } else if (priced && priced.percent !== percent) {
      problems.push({
        file,
        where: `/offers/${i}/${field}`,
        message: `promises ${percent}% ("${offer.id}"), but ${basisFile} ${priced.where} applies ${priced.percent}%. Make them the same.`,
      });
    }
    const quoted = percentsIn(offer.text).filter((p) => p !== percent);
    if (quoted.length) {
      problems.push({
        file,
        where: `/offers/${i}/text`,
        message: `"${offer.text}" quotes ${quoted.map((p) => `${p}%`).join(' and ')}, but the offer's ${field} is ${percent}%`,
      });
    }
  });
  if (config.discountMessage && offered.length) {
    const stray = percentsIn(config.discountMessage).filter((p) => !offered.includes(p));
    if (stray.length) {
      problems.push({
        file,
        where: '/discountMessage',
        message: `"${config.discountMessage}" quotes ${stray.map((p) => `${p}%`).join(' and ')}, which no offer in /offers gives (they give ${offered.map((p) => `${p}%`).join(', ')})`,
      });
    }
  }
  return problems;
}
