import {
  bandFor,
  type Fund,
  type FundAllocation,
  type FundPick,
  type InvestmentStrategy,
  type UnitLinkedBasis,
} from './unitLinkedBasis.ts';
import { formatMessage, QuoteInputError } from './QuoteInputError.ts';

/** How the premium is invested: the strategy (if any), the visitor's split (if taken), and the split each year. */
export interface UnitLinkedInvestment {
  strategy?: InvestmentStrategy;
  /** The split the visitor chose (or the basis's default), when the strategy does not set its own. */
  chosen?: FundAllocation;
  /** The allocation in force in policy year t (1-based). */
  allocationInYear: (policyYear: number) => FundAllocation;
  /** The fund management charge of policy year t, percent a year: Σ share × the fund's FMC. */
  fmcPercentInYear: (policyYear: number) => number;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A basis entry by id or name, case-insensitive. */
function byIdOrName<T extends { id: string; name: string }>(list: T[], wanted: string): T | undefined {
  const key = wanted.toLowerCase();
  return list.find((item) => item.id.toLowerCase() === key || item.name.toLowerCase() === key);
}

/** 'Equity 1 60%, Debt 1 40%' */
export function allocationText(allocation: FundAllocation, funds: Fund[]): string {
  return Object.entries(allocation)
    .map(([id, percent]) => `${funds.find((f) => f.id === id)?.name ?? id} ${percent}%`)
    .join(', ');
}

/** The weighted fund management charge of an allocation, percent a year. */
export function weightedFmcPercent(allocation: FundAllocation, funds: Fund[]): number {
  return Object.entries(allocation).reduce((sum, [id, percent]) => {
    const fund = funds.find((f) => f.id === id);
    if (!fund) throw new Error(`The basis has no fund '${id}'`);
    return sum + (percent / 100) * fund.fmcPercent;
  }, 0);
}

/**
 * The visitor's split (PlanSectionDetails.FundAllocation: fund id or name → whole percent;
 * zero shares are dropped) checked against the funds on offer and the strategy's rules, in the
 * basis's words.
 */
function chosenAllocation(
  raw: unknown,
  basis: UnitLinkedBasis,
  strategy: InvestmentStrategy | undefined,
): FundAllocation {
  const { messages, investment } = basis;
  const entries =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.entries(raw as Record<string, unknown>)
      : [];
  const strategyName = strategy?.name ?? basis.option.name;
  if (!entries.length) {
    if (strategy) {
      throw new QuoteInputError(
        'FundAllocation',
        formatMessage(messages.allocationRequired, { strategy: strategyName }),
      );
    }
    return { ...investment.defaultAllocation };
  }
  const allocation: FundAllocation = {};
  for (const [key, value] of entries) {
    const fund = byIdOrName(investment.funds, key);
    if (!fund)
      throw new QuoteInputError('FundAllocation', formatMessage(messages.unknownFund, { value: key }));
    const percent =
      typeof value === 'number' ? value : /^[0-9]{1,3}$/.test(text(value)) ? Number(text(value)) : NaN;
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw new QuoteInputError(
        'FundAllocation',
        formatMessage(messages.allocationWhole, { fund: fund.name }),
      );
    }
    if (percent > 0) allocation[fund.id] = (allocation[fund.id] ?? 0) + percent;
  }
  const offered = strategy?.funds ?? investment.funds.map((f) => f.id);
  for (const id of Object.keys(allocation)) {
    if (!offered.includes(id)) {
      const fund = investment.funds.find((f) => f.id === id)!;
      throw new QuoteInputError(
        'FundAllocation',
        formatMessage(messages.fundNotOffered, { fund: fund.name, strategy: strategyName }),
      );
    }
  }
  const total = Object.values(allocation).reduce((sum, p) => sum + p, 0);
  if (total !== 100) {
    throw new QuoteInputError('FundAllocation', formatMessage(messages.allocationTotal, { total }));
  }
  const choose = strategy?.choose ?? { min: 1, max: offered.length };
  const count = Object.keys(allocation).length;
  if (count < choose.min || count > choose.max) {
    throw new QuoteInputError(
      'FundAllocation',
      formatMessage(messages.fundCount, {
        count: choose.min === choose.max ? choose.min : `${choose.min} to ${choose.max}`,
        strategy: strategyName,
      }),
    );
  }
  // In the basis's fund order, so the same split reads (and prices) the same however it was sent.
  return Object.fromEntries(
    investment.funds.filter((f) => f.id in allocation).map((f) => [f.id, allocation[f.id]!]),
  );
}

/** The funds picked for one pick of the strategy, checked: exactly `count` different funds it offers. */
function pickedFunds(
  raw: unknown,
  pick: FundPick,
  basis: UnitLinkedBasis,
  strategy: InvestmentStrategy,
): Fund[] {
  const { messages, investment } = basis;
  const said = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw])
    .map(text)
    .filter(Boolean);
  const names = { pick: pick.label, strategy: strategy.name };
  if (!said.length) {
    throw new QuoteInputError(
      'FundChoice',
      formatMessage(messages.pickRequired ?? messages.fundCount, names),
    );
  }
  const funds = said.map((wanted) => {
    const fund = byIdOrName(investment.funds, wanted);
    if (!fund)
      throw new QuoteInputError('FundChoice', formatMessage(messages.unknownFund, { value: wanted }));
    if (!pick.funds.includes(fund.id)) {
      throw new QuoteInputError(
        'FundChoice',
        formatMessage(messages.fundNotOffered, { fund: fund.name, strategy: strategy.name }),
      );
    }
    return fund;
  });
  if (funds.length !== pick.count || new Set(funds).size !== funds.length) {
    throw new QuoteInputError(
      'FundChoice',
      formatMessage(messages.pickCount ?? messages.fundCount, { ...names, count: pick.count }),
    );
  }
  return funds;
}

/** A strategy's picks as a split: each pick's share divided equally among its funds, in the basis's fund order. */
function pickedAllocation(
  raw: unknown,
  basis: UnitLinkedBasis,
  strategy: InvestmentStrategy,
): FundAllocation {
  const choice = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<
    string,
    unknown
  >;
  const allocation: FundAllocation = {};
  for (const pick of strategy.picks ?? []) {
    for (const fund of pickedFunds(choice[pick.id], pick, basis, strategy)) {
      allocation[fund.id] = (allocation[fund.id] ?? 0) + pick.percent / pick.count;
    }
  }
  return Object.fromEntries(
    basis.investment.funds.filter((f) => f.id in allocation).map((f) => [f.id, allocation[f.id]!]),
  );
}

/**
 * The investment a request asks for: PlanSectionDetails.InvestmentStrategy (id or name) and
 * FundAllocation (a split the visitor types) or FundChoice (the funds a strategy's picks name).
 * A strategy that sets its own split (by age, or by its picks) ignores a split sent with it (a
 * form may keep the last one typed); one that lets the visitor split needs it. With no
 * strategy, the visitor's split across all funds, or the basis's default split.
 */
export function unitLinkedInvestment(
  plan: Record<string, unknown>,
  basis: UnitLinkedBasis,
  entryAge: number,
  policyTerm: number,
): UnitLinkedInvestment {
  const { investment, messages } = basis;
  const wanted = text(plan.InvestmentStrategy);
  let strategy: InvestmentStrategy | undefined;
  if (wanted) {
    strategy = byIdOrName(investment.strategies, wanted);
    if (!strategy) {
      throw new QuoteInputError(
        'InvestmentStrategy',
        formatMessage(messages.unknownStrategy, { value: wanted }),
      );
    }
  } else if (investment.strategyRequired) {
    throw new QuoteInputError('InvestmentStrategy', messages.strategyRequired);
  }
  const chosen = strategy?.picks
    ? pickedAllocation(plan.FundChoice, basis, strategy)
    : strategy && !strategy.choose
      ? undefined
      : chosenAllocation(plan.FundAllocation, basis, strategy);
  const byAge = strategy?.allocationByAttainedAge;
  const allocationInYear = (policyYear: number): FundAllocation => {
    const final = strategy?.finalYears;
    if (final && policyYear > policyTerm - final.years) return final.allocation;
    if (chosen) return chosen;
    const band = bandFor(byAge ?? [], entryAge + policyYear - 1, (b) => b.fromAge);
    if (!band)
      throw new Error(`Strategy '${strategy?.id}' has no allocation for age ${entryAge + policyYear - 1}`);
    return band.allocation;
  };
  return {
    ...(strategy ? { strategy } : {}),
    ...(chosen ? { chosen } : {}),
    allocationInYear,
    fmcPercentInYear: (policyYear) => weightedFmcPercent(allocationInYear(policyYear), investment.funds),
  };
}
