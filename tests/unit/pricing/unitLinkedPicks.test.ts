import { describe, expect, it } from 'vitest';
import type { Calculator } from '../../../src/pricing/calculator.ts';
import { unitLinkedBasisProblems, type UnitLinkedBasis } from '../../../src/pricing/unitLinkedBasis.ts';
import { unitLinked } from '../../../src/pricing/unitLinkedCalculator.ts';
import { basisValidator, figure, inputValidator } from './calculatorFixture.ts';
import { priceUlip, scenarioRows, ulipInputError, ulipPlan } from './unitLinkedFixture.ts';
import { readPlanFile } from '../../../src/plans/nodePlanSource.ts';

const u30Basis = readPlanFile('U30', 'pricing-basis.json');

/*
 * A strategy with picks (U30's Auto Trigger, Defined Allocation, Smart Switch, Fund Transfer):
 * the visitor names the funds of each pick in PlanSectionDetails.FundChoice { <pick id>: fund
 * id | [fund ids] }, and each pick's share of the premium is split equally among its funds.
 * A split typed for Self-Managed and kept by the form plays no part.
 */

const u30 = () => structuredClone(u30Basis) as unknown as UnitLinkedBasis;
const price = (changes: Record<string, unknown>, age = 35) => priceUlip(changes, { age }, u30());
const refusal = (changes: Record<string, unknown>) => ulipInputError(changes, {}, u30());
const fmcNote = (quote: ReturnType<typeof price>) =>
  quote.explanation.find((row) => row.id === 'fundManagementCharge')!.note;
const fundValues = (quote: ReturnType<typeof price>) =>
  scenarioRows(quote, 'eightPercent').map((row) => row.fundValue!);

const defined = (funds: unknown) => ({
  InvestmentStrategy: 'definedAllocation',
  FundChoice: { definedFunds: funds },
});

describe('unitLinked picks (U30): the funds picked drive the illustration', () => {
  it('the U30 basis passes its own checks', () => {
    expect(unitLinkedBasisProblems(u30())).toEqual([]);
    expect(basisValidator(unitLinked as Calculator<unknown>)(u30Basis)).toBe(true);
  });

  it('splits Defined Allocation 25% to each of its 4 funds, at the average FMC', () => {
    const quote = price(defined(['equity1', 'value', 'indexTracker', 'liquid1']));
    // (1.35 + 1.35 + 1 + 0.8) / 4
    expect(figure(quote, 'fundManagementChargePercent')).toBe(1.125);
    expect(quote.figures.investmentStrategy).toBe('Defined Allocation');
    expect(fmcNote(quote)).toBe(
      'Defined Allocation: Equity 1 25% at 1.35%, Value 25% at 1.35%, Index Tracker 25% at 1%, Liquid 1 25% at 0.8%',
    );
    // The basis's fund order, whatever order they were picked in; names count as ids.
    expect(price(defined(['Liquid 1', 'indexTracker', 'Value', 'equity1']))).toEqual(quote);
  });

  it('refuses Defined Allocation with 3, 5 or a repeated fund, or none, in the basis’s words', () => {
    const count = 'Please choose 4 funds under Defined Allocation';
    for (const funds of [
      ['equity1', 'value', 'liquid1'],
      ['equity1', 'value', 'liquid1', 'debt1', 'balanced1'],
      ['equity1', 'value', 'liquid1', 'liquid1'],
      [],
      undefined,
    ]) {
      expect(refusal(defined(funds)), JSON.stringify(funds)).toMatchObject({
        field: 'FundChoice',
        message: count,
      });
    }
    expect(refusal({ InvestmentStrategy: 'Defined Allocation' })).toMatchObject({
      field: 'FundChoice',
      message: count,
    });
  });

  it('refuses a fund the pick does not offer, and a fund the basis does not know', () => {
    expect(refusal(defined(['equity1', 'value', 'liquid1', 'pensionEquity']))).toMatchObject({
      field: 'FundChoice',
      message: 'Pension Equity is not available under Defined Allocation',
    });
    expect(refusal({ InvestmentStrategy: 'autoTrigger', FundChoice: { triggerFund: 'debt1' } }).message).toBe(
      'Debt 1 is not available under Auto Trigger',
    );
    // Fund Transfer's debt pick offers debt funds only, though the equity pick offers Equity 1.
    expect(
      refusal({
        InvestmentStrategy: 'fundTransfer',
        FundChoice: { transferFromFund: 'equity1', transferToFund: 'value' },
      }).message,
    ).toBe('Equity 1 is not available under Fund Transfer');
    expect(refusal({ InvestmentStrategy: 'autoTrigger', FundChoice: { triggerFund: 'gold' } })).toMatchObject(
      {
        field: 'FundChoice',
        message: 'Unknown fund gold',
      },
    );
  });

  it('names the pick that is missing (pickRequired)', () => {
    expect(refusal({ InvestmentStrategy: 'autoTrigger', FundChoice: {} }).message).toBe(
      'Please choose an equity fund under Auto Trigger',
    );
    expect(
      refusal({ InvestmentStrategy: 'fundTransfer', FundChoice: { transferFromFund: 'debt1' } }).message,
    ).toBe('Please choose an equity fund under Fund Transfer');
    expect(
      refusal({ InvestmentStrategy: 'fundTransfer', FundChoice: { transferToFund: 'value' } }).message,
    ).toBe('Please choose a debt fund under Fund Transfer');
  });

  it('gives each of Fund Transfer’s picks its share: 50/50, or the basis’s own shares', () => {
    const transfer = { transferFromFund: 'debt1', transferToFund: 'equity1' };
    const halves = priceUlip(
      { InvestmentStrategy: 'fundTransfer', FundChoice: transfer },
      { age: 35 },
      (() => {
        const basis = u30();
        for (const pick of basis.investment.strategies.find((s) => s.id === 'fundTransfer')!.picks!)
          pick.percent = 50;
        return basis;
      })(),
    );
    // (1 + 1.35) / 2
    expect(figure(halves, 'fundManagementChargePercent')).toBe(1.175);
    expect(fmcNote(halves)).toBe('Fund Transfer: Equity 1 50% at 1.35%, Debt 1 50% at 1%');

    // U30's basis sets the shares (its note says why): the debt pick's share in Debt 1, the rest in Equity 1.
    const [debt, equity] = u30().investment.strategies.find((s) => s.id === 'fundTransfer')!.picks!;
    expect(debt!.percent + equity!.percent).toBe(100);
    const quote = price({ InvestmentStrategy: 'fundTransfer', FundChoice: transfer });
    expect(figure(quote, 'fundManagementChargePercent')).toBeCloseTo(
      (debt!.percent * 1 + equity!.percent * 1.35) / 100,
      6,
    );
    expect(fmcNote(quote)).toBe(
      `Fund Transfer: Equity 1 ${equity!.percent}% at 1.35%, Debt 1 ${debt!.percent}% at 1%`,
    );
    // A pick sent as a list of one is the same pick.
    expect(
      price({
        InvestmentStrategy: 'fundTransfer',
        FundChoice: { transferFromFund: ['debt1'], transferToFund: ['equity1'] },
      }),
    ).toEqual(quote);
  });

  it('puts Auto Trigger wholly in the equity fund picked', () => {
    const flexi = price({ InvestmentStrategy: 'autoTrigger', FundChoice: { triggerFund: 'flexiCapEquity' } });
    const index = price({ InvestmentStrategy: 'autoTrigger', FundChoice: { triggerFund: 'indexTracker' } });
    expect(figure(flexi, 'fundManagementChargePercent')).toBe(1.35);
    expect(figure(index, 'fundManagementChargePercent')).toBe(1);
    expect(fmcNote(flexi)).toBe('Auto Trigger: Flexi Cap Equity 100% at 1.35%');
    // The cheaper fund grows a larger fund.
    expect(figure(index, 'maturityFundValueEightPercent')).toBeGreaterThan(
      figure(flexi, 'maturityFundValueEightPercent'),
    );
  });

  it('moves Smart Switch to Liquid 1 for the last 5 years: the same fund until then, a larger one after', () => {
    // Equity 1 throughout (Auto Trigger's illustration) against Equity 1 then Liquid 1 (0.8%).
    const equity = price({ InvestmentStrategy: 'autoTrigger', FundChoice: { triggerFund: 'equity1' } });
    const smart = price({ InvestmentStrategy: 'smartSwitch', FundChoice: { switchFund: 'equity1' } });
    const [a, b] = [fundValues(equity), fundValues(smart)];
    expect(b).toHaveLength(20);
    expect(b.slice(0, 15)).toEqual(a.slice(0, 15));
    for (let i = 15; i < 20; i++) expect(b[i], `year ${i + 1}`).toBeGreaterThan(a[i]!);
    // The fund management charge taken in a year falls once the fund is in Liquid 1.
    const charge = (quote: ReturnType<typeof price>) =>
      scenarioRows(quote, 'eightPercent').map((row) => row.fundManagementCharge! / row.fundValue!);
    expect(charge(smart)[19]).toBeLessThan(charge(equity)[19]!);
    expect(fmcNote(smart)).toBe(
      'Smart Switch: Equity 1 100% at 1.35%; 0.8% to 1.35% over the term as Smart Switch moves the funds',
    );
    // Liquid 1 picked: nothing to move, one FMC over the term.
    const liquid = price({ InvestmentStrategy: 'smartSwitch', FundChoice: { switchFund: 'liquid1' } });
    expect(fmcNote(liquid)).toBe('Smart Switch: Liquid 1 100% at 0.8%');
  });

  it('ignores a FundAllocation left over from Self-Managed', () => {
    const picked = { InvestmentStrategy: 'autoTrigger', FundChoice: { triggerFund: 'value' } };
    expect(price({ ...picked, FundAllocation: { debt1: 60, liquid1: 30 } })).toEqual(
      price({ ...picked, FundAllocation: undefined }),
    );
    const four = defined(['equity1', 'value', 'indexTracker', 'liquid1']);
    expect(price({ ...four, FundAllocation: { pensionEquity: 100 } })).toEqual(
      price({ ...four, FundAllocation: undefined }),
    );
  });

  it('leaves Self-Managed to FundAllocation, whatever FundChoice the form kept', () => {
    const split = { InvestmentStrategy: 'selfManaged', FundAllocation: { equity1: 50, liquid1: 50 } };
    const quote = price({ ...split, FundChoice: { definedFunds: ['debt1'] } });
    expect(quote).toEqual(price(split));
    expect(figure(quote, 'fundManagementChargePercent')).toBe(1.075);
  });

  it('accepts FundChoice in the request (a fund or a list of funds) and refuses other shapes', () => {
    const validate = inputValidator(unitLinked as Calculator<unknown>);
    const accepts = (FundChoice: unknown) =>
      validate(ulipPlan({ InvestmentStrategy: 'fundTransfer', FundChoice }));
    expect(accepts({ transferFromFund: 'debt1', transferToFund: ['equity1'] })).toBe(true);
    expect(accepts({ transferFromFund: 5 })).toBe(false);
    expect(validate.errors!.map((e) => e.message)).toEqual(['Please enter valid fund choice.']);
    expect(accepts(['debt1'])).toBe(false);
  });
});

describe('unitLinkedBasisProblems: picks', () => {
  const problems = (change: (basis: UnitLinkedBasis) => void) => {
    const basis = u30();
    change(basis);
    return unitLinkedBasisProblems(basis);
  };
  const strategy = (basis: UnitLinkedBasis, id: string) =>
    basis.investment.strategies.find((s) => s.id === id)!;

  it('finds picks that do not take 100%, offer unknown funds, ask for too many or split unevenly', () => {
    expect(
      problems((b) => {
        const transfer = strategy(b, 'fundTransfer');
        transfer.picks![0]!.percent = 40;
        transfer.picks![1]!.percent = 50;
        transfer.picks![1]!.funds.push('gold');
        const definedAllocation = strategy(b, 'definedAllocation');
        definedAllocation.picks![0]!.count = 11;
        strategy(b, 'autoTrigger').picks![0]!.count = 3;
      }),
    ).toEqual(
      expect.arrayContaining([
        "strategy 'fundTransfer' picks take 90% of the premium, not 100%",
        "strategy 'fundTransfer' pick 'transferToFund' offers unknown fund 'gold'",
        "strategy 'definedAllocation' pick 'definedFunds' asks for 11 of 10 funds",
        "strategy 'definedAllocation' pick 'definedFunds': 100% does not split into 11 whole shares",
        "strategy 'autoTrigger' pick 'triggerFund': 100% does not split into 3 whole shares",
      ]),
    );
  });

  it('finds two picks of one id', () => {
    expect(
      problems((b) => {
        const transfer = strategy(b, 'fundTransfer');
        transfer.picks![1]!.id = 'transferFromFund';
      }),
    ).toContain("strategy 'fundTransfer' has two picks 'transferFromFund'");
  });

  it('needs the pick messages when a strategy has picks', () => {
    expect(
      problems((b) => {
        delete b.messages.pickRequired;
      }),
    ).toContain("strategy 'autoTrigger' has picks: messages.pickRequired and messages.pickCount are needed");
    expect(
      problems((b) => {
        delete b.messages.pickCount;
      }),
    ).toContain(
      "strategy 'definedAllocation' has picks: messages.pickRequired and messages.pickCount are needed",
    );
  });

  it('needs exactly one of choose, picks and allocationByAttainedAge', () => {
    const both = problems((b) => {
      strategy(b, 'definedAllocation').choose = { min: 1, max: 4 };
      strategy(b, 'definedAllocation').funds = ['equity1'];
    });
    expect(both).toContain(
      "strategy 'definedAllocation' needs one of choose (the visitor's split), picks or allocationByAttainedAge",
    );
    const neither = problems((b) => {
      delete strategy(b, 'smartSwitch').picks;
    });
    expect(neither).toContain(
      "strategy 'smartSwitch' needs one of choose (the visitor's split), picks or allocationByAttainedAge",
    );
  });

  it('the basis schema refuses a pick without its share or with an unknown key', () => {
    const validate = basisValidator(unitLinked as Calculator<unknown>);
    const withoutPercent = u30() as unknown as { investment: { strategies: { picks?: object[] }[] } };
    const pick = withoutPercent.investment.strategies.find((s) => s.picks)!.picks![0] as Record<
      string,
      unknown
    >;
    delete pick.percent;
    expect(validate(withoutPercent)).toBe(false);
    pick.percent = 100;
    expect(validate(withoutPercent)).toBe(true);
    pick.share = 100;
    expect(validate(withoutPercent)).toBe(false);
  });
});
