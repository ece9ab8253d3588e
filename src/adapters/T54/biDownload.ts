import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { ApiClient } from '../../api/apiClient.ts';

/** spec 02 §7: the benefit illustration of the stored quote, as a PDF download. */
export function biPath(quoteNumber: string, applicationNumber: string): string {
  const query = new URLSearchParams({
    pdfType: 'BOTH',
    Isotpverified: 'false',
    isVBI: 'true',
    quoteNumber,
    ApplicationNumber: applicationNumber,
  });
  return `/proposal_service/v1/bi?${query.toString()}`;
}

export async function downloadBenefitIllustration(api: ApiClient, state: ApplicationState): Promise<void> {
  const quoteNumber = String((state.planDetails as Record<string, unknown>).quoteNumber ?? '');
  const applicationNumber = String(state.applicationNumber ?? '');
  const pdf = await api.download(biPath(quoteNumber, applicationNumber), {
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
