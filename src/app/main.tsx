import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { planForPath, preloadPlan, proposalPlanForPath } from './planRegistry.ts';
import '../../widgets/widgets.css';
import './styles/app.css';

// A journey's plan chunk starts downloading now, beside the journey's code, not after it.
const { pathname } = window.location;
const journeyPlan = proposalPlanForPath(pathname) ? undefined : planForPath(pathname);
if (journeyPlan) preloadPlan(journeyPlan);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
