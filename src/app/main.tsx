import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadJourneyPage } from './pages.ts';
import { planForPath, preloadPlan, proposalPlanForPath } from './planRegistry.ts';
import '../../widgets/widgets.css';
import './styles/app.css';

// A journey's code and its plan's chunk start downloading now, side by side, not one after
// the other or after React's first render. A failure is reported by the page's own load.
const { pathname } = window.location;
const journeyPlan = proposalPlanForPath(pathname) ? undefined : planForPath(pathname);
if (journeyPlan) {
  loadJourneyPage().catch(() => undefined);
  preloadPlan(journeyPlan);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
