import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadJourneyPage, loadProposalPage } from './pages.ts';
import { loadProposalModule, planForPath, preloadPlan, proposalPlanForPath } from './planRegistry.ts';
import '../../widgets/widgets.css';
import './styles/app.css';

// A page's code and its plan's chunk start downloading now, side by side, not one after the
// other or after React's first render: a journey's, or a proposal page's. A failure is
// reported by the page's own load.
const { pathname } = window.location;
const proposalPlan = proposalPlanForPath(pathname);
const journeyPlan = proposalPlan ? undefined : planForPath(pathname);
if (journeyPlan) {
  loadJourneyPage().catch(() => undefined);
  preloadPlan(journeyPlan);
} else if (proposalPlan) {
  loadProposalPage().catch(() => undefined);
  loadProposalModule(proposalPlan).catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
