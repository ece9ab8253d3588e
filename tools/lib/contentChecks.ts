import type { PlanConfig, PlanFiles } from '../../engine/plan/types.ts';
import type { PlanContent } from '../../src/plans/planContent.ts';
import type { Problem } from './problem.ts';
import type { RegisteredCalculator } from './registries.ts';

type BasisOptions = { options?: { code: string; name: string; jointLife?: boolean }[] };

/**
 * The content file agrees with plan.json (code, name, UIN, sub-title) and, when the plan has
 * a pricing basis with options, with them: the same codes and names, and joint life where
 * the basis says whether it allows it.
 */
export function checkContent(
  file: string,
  content: PlanContent,
  config: PlanConfig,
  files: PlanFiles,
  calculator: RegisteredCalculator | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const expect = (where: string, actual: unknown, wanted: unknown) => {
    if (actual !== wanted) {
      problems.push({
        file,
        where,
        message: `is "${String(actual)}" but plan.json says "${String(wanted)}"`,
      });
    }
  };
  expect('/planCode', content.planCode, config.planCode);
  expect('/productIdentification/planName', content.productIdentification.planName, config.productName);
  expect('/productIdentification/uin', content.productIdentification.uin, config.uin);
  expect('/productIdentification/description', content.productIdentification.description, config.subTitle);
  const basis = calculator ? (files[calculator.basisFile] as BasisOptions | undefined) : undefined;
  if (!calculator || !Array.isArray(basis?.options)) return problems;
  const basisFile = calculator.basisFile;
  const options = basis.options;
  const codes = new Set((content.planOptions ?? []).map((option) => option.code));
  for (const option of options) {
    if (!codes.has(option.code)) {
      problems.push({ file, where: '/planOptions', message: `has no option ${option.code} of ${basisFile}` });
    }
  }
  (content.planOptions ?? []).forEach((option, index) => {
    const priced = options.find((o) => o.code === option.code);
    const where = `/planOptions/${index}`;
    if (!priced) problems.push({ file, where, message: `${option.code} is not an option of ${basisFile}` });
    else if (priced.name !== option.name) {
      problems.push({
        file,
        where: `${where}/name`,
        message: `is "${option.name}" but the basis names ${option.code} "${priced.name}"`,
      });
    } else if ((priced.jointLife ?? false) !== (option.jointLife ?? false)) {
      problems.push({
        file,
        where: `${where}/jointLife`,
        message: `is ${String(option.jointLife ?? false)} but the basis says ${String(priced.jointLife ?? false)}`,
      });
    }
  });
  (content.benefits ?? []).forEach((benefit, index) => {
    for (const code of (benefit.options ?? []).filter((c) => !codes.has(c))) {
      problems.push({
        file,
        where: `/benefits/${index}/options`,
        message: `names ${code}, which is not a plan option`,
      });
    }
  });
  return problems;
}
