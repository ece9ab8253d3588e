import type { ApplicationState } from '../../engine/state/applicationState.ts';
import type { ApiClient } from './apiClient.ts';

/** spec 02 §7: the benefit illustration of a quote, as the quote service names it. */
export function benefitIllustrationPath(quoteNumber: string, applicationNumber: string): string {
  const query = new URLSearchParams({
    pdfType: 'BOTH',
    Isotpverified: 'false',
    isVBI: 'true',
    quoteNumber,
    ApplicationNumber: applicationNumber,
  });
  return `/proposal_service/v1/bi?${query.toString()}`;
}

/** The quote number the application's benefit illustration is for, if it has one. */
export function illustratedQuote(state: ApplicationState): string | undefined {
  const quoteNumber = (state.planDetails as Record<string, unknown>).quoteNumber;
  return typeof quoteNumber === 'string' && quoteNumber ? quoteNumber : undefined;
}

/**
 * Downloads the benefit illustration of the application's stored quote as a PDF file,
 * with the application's capability. Any page that shows a quote (review, proposal) uses it.
 */
export async function downloadBenefitIllustration(api: ApiClient, state: ApplicationState): Promise<void> {
  const quoteNumber = illustratedQuote(state) ?? '';
  const applicationNumber = String(state.applicationNumber ?? '');
  const pdf = await api.download(benefitIllustrationPath(quoteNumber, applicationNumber), {
    capability: state.capability as string,
  });
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = `Benefit-Illustration-${quoteNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
