import { serverPlans } from '../plans/serverPlans.ts';

/**
 * The product id a lead is about, from what the caller calls the product: a plan's product
 * id, its plan code or its product name, in any case.
 * Unknown names give null: the lead is still recorded, with the name in its payload.
 */
export function productIdFor(name: string | undefined | null): string | null {
  const wanted = name?.trim().toLowerCase();
  if (!wanted) return null;
  for (const plan of serverPlans().values()) {
    const { productId, planCode, productName } = plan.config;
    if ([productId, planCode, productName].some((value) => value.toLowerCase() === wanted)) return productId;
  }
  return null;
}
