import { describe, expect, it } from 'vitest';
import { figure } from './calculatorFixture.ts';
import { exampleBasis, priceUlip, rowValue, scenarioRows } from './unitLinkedFixture.ts';

const fundValues = (quote: ReturnType<typeof priceUlip>, scenario = 'eightPercent') =>
  scenarioRows(quote, scenario).map((row) => row.fundValue!);

describe('unitLinked: the chosen funds drive the illustration', () => {
  it('weights the fund management charge by the allocation, and a cheaper split grows a larger fund', () => {
    const equity = priceUlip({ FundAllocation: { equity1: 100 } }); // 1.35%
    const liquid = priceUlip({ FundAllocation: { liquid1: 100 } }); // 0.80%
    const half = priceUlip({ FundAllocation: { equity1: 50, liquid1: 50 } });
    expect(figure(equity, 'fundManagementChargePercent')).toBe(1.35);
    expect(figure(liquid, 'fundManagementChargePercent')).toBe(0.8);
    expect(figure(half, 'fundManagementChargePercent')).toBe(1.075);
    for (const scenario of ['fourPercent', 'eightPercent']) {
      const [e, h, l] = [equity, half, liquid].map((q) => fundValues(q, scenario));
      e!.forEach((value, i) => {
        expect(h![i]).toBeGreaterThan(value);
        expect(l![i]).toBeGreaterThan(h![i]!);
      });
    }
    expect(figure(liquid, 'netYieldEightPercent')).toBeGreaterThan(figure(equity, 'netYieldEightPercent'));
    expect(String(rowValue(half, 'explanation', 'fundManagementCharge'))).toBe('1.075');
    expect(half.explanation.find((r) => r.id === 'fundManagementCharge')!.note).toBe(
      'Equity 1 50% at 1.35%, Liquid 1 50% at 0.8%',
    );
  });

  it('accepts funds by name and digits as text, and uses the basis’s default split when none is sent', () => {
    const byName = priceUlip({ FundAllocation: { 'Equity 1': '60', 'Debt 1': 40, Value: 0 } });
    const byId = priceUlip({ FundAllocation: { equity1: 60, debt1: 40 } });
    expect(byName).toEqual(byId);
    expect(priceUlip({ FundAllocation: undefined })).toEqual(priceUlip({ FundAllocation: { equity1: 100 } }));
  });

  it('moves Smart Switch to the liquid fund for the last 5 years: the same fund until then, a larger one after', () => {
    const funds = { equity1: 25, value: 25, debt1: 25, balanced1: 25 };
    const selfManaged = priceUlip({ InvestmentStrategy: 'Self-Managed', FundAllocation: funds });
    const smartSwitch = priceUlip({ InvestmentStrategy: 'smartSwitch', FundAllocation: funds });
    const [a, b] = [fundValues(selfManaged), fundValues(smartSwitch)];
    expect(b.slice(0, 15)).toEqual(a.slice(0, 15));
    for (let i = 15; i < 20; i++) expect(b[i]).toBeGreaterThan(a[i]!);
    expect(smartSwitch.figures.investmentStrategy).toBe('Smart Switch');
    expect(smartSwitch.explanation.find((r) => r.id === 'fundManagementCharge')!.note).toContain(
      '0.8% to 1.2375% over the term as Smart Switch moves the funds',
    );
  });

  it('lets Age-based set its own split by attained age, ignoring a split sent with it', () => {
    const young = priceUlip(
      { InvestmentStrategy: 'Age-based', FundAllocation: { liquid1: 100 } },
      { age: 30 },
    );
    const same = priceUlip({ InvestmentStrategy: 'ageBased' }, { age: 30 });
    expect(young).toEqual(same);
    // 80/20 Pension Equity/Debt below 35, 65/35 to 44, 50/50 from 45: 1.28%, 1.2275%, 1.175% a year.
    expect(figure(young, 'fundManagementChargePercent')).toBe(1.28);
    const byAge = young.explanation.find((r) => r.id === 'fundManagementCharge')!.note!;
    expect(byAge).toContain('Pension Equity 80% at 1.35%, Pension Debt 20% at 1%');
    expect(byAge).toContain('1.175% to 1.28% over the term');
  });
});

describe('unitLinked: a single premium (U30)', () => {
  const single = { PremiumFrequency: 'Single', InstallmentPremiumAmount: 500000, PolicyTerm: 15 };

  it('is paid once: 125% cover below 45, the single-premium charges, and yields on the one payment', () => {
    const quote = priceUlip(
      { ...single, PremiumPayingTerm: undefined, InvestmentStrategy: 'Age-based' },
      { age: 40 },
    );
    expect(quote.headline).toBe('Pay ₹ 5,00,000 once');
    expect(quote.premium).toMatchObject({
      frequency: 'Single',
      premiumPayingTerm: 1,
      policyTerm: 15,
      totalPayable: 500000,
    });
    expect(quote.sumAssured).toBe(625000);
    expect(rowValue(quote, 'youPay', 'premiumPayingTerm')).toBe('Single Premium');
    const premiums = quote.illustration.tables[0]!.rows;
    expect(premiums.map((r) => r.premiumPaid)).toEqual([500000, ...Array(14).fill(0)]);
    const rows = scenarioRows(quote, 'eightPercent');
    // 2% allocation charge, online 10% off it: 9,000; nothing after year 1.
    expect(rows[0]!.allocationCharge).toBe(9000);
    expect(rows.slice(1).every((r) => r.allocationCharge === 0)).toBe(true);
    // Single premium above 3,00,000: 1% of the lower of premium and fund, at most 6,000, in year 1.
    const fund = rows[0]!.fundValue!;
    expect(rows[0]!.surrenderValue).toBe(fund - Math.min(0.01 * Math.min(500000, fund), 6000));
    const net = figure(quote, 'netYieldEightPercent') / 100;
    expect(
      Math.abs((500000 * (1 + net) ** 15) / figure(quote, 'maturityFundValueEightPercent') - 1),
    ).toBeLessThan(0.001);
  });

  it('is the same asked for by its code 0 or with a premium paying term of 1', () => {
    const byName = priceUlip({ ...single, PremiumPayingTerm: undefined });
    expect(priceUlip({ ...single, PremiumFrequency: 0, PremiumPayingTerm: 1 })).toEqual(byName);
    expect(priceUlip({ ...single, PremiumFrequency: '0', PremiumPayingTerm: 'Single' })).toEqual(byName);
  });
});

describe('unitLinked: riders (U27)', () => {
  it('adds each rider’s premium to the breakup and the instalment, after its discount', () => {
    const plain = priceUlip({}, { online: false });
    const quote = priceUlip(
      {
        Riders: [
          { code: 'ADB', sumAssured: 500000 },
          { code: 'Critical Illness Rider', sumAssured: '5,00,000' },
        ],
      },
      { online: false },
    );
    // 0.60 and (age 35) 2.20 per 1,000 a year.
    expect(rowValue(quote, 'breakup', 'riderPremium-ADB')).toBe(300);
    expect(rowValue(quote, 'breakup', 'riderPremium-CI')).toBe(1100);
    expect(quote.premium.installment).toBe(101400);
    expect(rowValue(quote, 'breakup', 'basePremiumAmount')).toBe(101400);
    expect(quote.premium.withTaxFY).toBe(101400);
    expect(figure(quote, 'riderPremium')).toBe(1400);
    expect(quote.figures.riders).toBe('Accidental Death Benefit Rider, Critical Illness Rider');
    // Rider premiums are paid on top: the fund, and so every scenario, is what it is without them.
    expect(quote.illustration.tables.slice(1)).toEqual(plain.illustration.tables.slice(1));
    expect(quote.illustration.tables[0]!.rows[0]).toMatchObject({ premiumPaid: 100000, riderPremium: 1400 });
  });

  it('takes the online discount off rider premiums as a line of the breakup, and spreads them over instalments', () => {
    const quote = priceUlip({
      PremiumFrequency: 'Monthly',
      InstallmentPremiumAmount: 10000,
      Riders: [{ code: 'CI', sumAssured: 500000 }],
    });
    // 1,100 a year → 92 a month; online 10%: − 9.
    expect(rowValue(quote, 'breakup', 'riderPremium-CI')).toBe(92);
    expect(rowValue(quote, 'breakup', 'discount-online')).toBe(-9);
    expect(quote.premium.installment).toBe(10083);
    expect(quote.headline).toBe('Pay ₹ 10,083 a month');
    expect(quote.breakup.map((r) => r.id)).toEqual([
      'investmentPremium',
      'riderPremium-CI',
      'discount-online',
      'chargeDiscount-online',
      'basePremiumAmount',
      'gstAmount',
      'installmentPremiumWithTaxFY',
    ]);
  });

  it('shows rider GST beside the premium’s nil rate before the exemption', () => {
    const quote = priceUlip(
      { Riders: [{ code: 'ADB', sumAssured: 1000000 }] },
      { online: false, proposalDate: '2025-06-01' },
    );
    expect(quote.premium.gst).toBe(108);
    expect(quote.breakup.find((r) => r.id === 'gstAmount')!.label).toBe(
      'GST (0% on the premium, 18% on riders)',
    );
  });
});

describe('unitLinked: discounts', () => {
  it('takes the online discount off the charges it names, which lifts the fund', () => {
    const online = priceUlip({}, { online: true });
    const offline = priceUlip({}, { online: false });
    expect(scenarioRows(online, 'eightPercent')[0]).toMatchObject({
      allocationCharge: 5400,
      administrationCharge: 1080,
    });
    expect(figure(online, 'maturityFundValueEightPercent')).toBeGreaterThan(
      figure(offline, 'maturityFundValueEightPercent'),
    );
    expect(online.breakup.find((r) => r.id === 'chargeDiscount-online')).toMatchObject({
      value: 10,
      format: 'percent',
      note: 'off the premium allocation charge and the policy administration charge',
    });
    expect(offline.breakup.some((r) => r.id.includes('iscount'))).toBe(false);
  });

  it('can take a discount off the fund management charge too', () => {
    const basis = exampleBasis((b) => b.discounts[0]!.appliesTo.push('fundManagementCharge'));
    const quote = priceUlip({}, {}, basis);
    expect(scenarioRows(quote, 'eightPercent')[0]!.fundManagementCharge).toBeLessThan(
      scenarioRows(priceUlip(), 'eightPercent')[0]!.fundManagementCharge!,
    );
  });
});
