/*
 * The lazily loaded pages, one import each, shared by the router (App.tsx) and the entry
 * (main.tsx), which asks for the journey's code as soon as it runs, beside the plan's chunk:
 * both arrive one request after the entry, whenever React gets to render the page.
 */
export const loadJourneyPage = () => import('./journey/JourneyPage.tsx');
export const loadProposalPage = () => import('./proposal/ProposalPage.tsx');
